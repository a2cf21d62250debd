// Whether a foreground push message becomes a push toast. The socket and the push service can both bring
// the same notification; a tab shows each notification once, and only where someone is looking.

export interface PushFacts {
  /** The notifications actor's highest id seen from the socket or the list. */
  readonly newestSeen: number
  /** Ids some toast in this tab has already announced. */
  readonly toasted: ReadonlyArray<number>
  /** The socket is open: it announces every new notification itself. */
  readonly socketLive: boolean
  /** The page is shown; a background tab's toast would be seen by nobody (and duplicate the shown tab's). */
  readonly visible: boolean
}

export type PushVerdict = "toast" | "seen" | "socket" | "hidden"

export function pushVerdict(notificationId: number | null, facts: PushFacts): PushVerdict {
  if (!facts.visible) return "hidden"
  if (
    notificationId !== null &&
    (notificationId <= facts.newestSeen || facts.toasted.includes(notificationId))
  )
    return "seen"
  // A message without an id is not one the socket knows: only this toast can announce it.
  if (facts.socketLive && notificationId !== null) return "socket"
  return "toast"
}
