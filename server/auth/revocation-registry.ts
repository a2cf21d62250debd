// What this instance knows of signed-out sessions: every revocation, its own at once and the other instances'
// through NOTIFY, kept in memory for as long as an access token of that session could still be alive. While
// the listening connection is down nothing is heard, so each check asks the database instead until it is back
// and the revocations of the gap have been read.

import type { Clock } from "../clock"
import { coalescer } from "../db/coalesce"
import type { DatabaseHandle } from "../db/database"
import type { IsRevoked } from "./access-token"
import { isRecordedRevoked, revokedSince, SESSION_REVOKED_CHANNEL } from "./revocations"

export interface RevocationRegistry {
  readonly isRevoked: IsRevoked
  /** A revocation this instance made itself: known here before its notification comes back. */
  readonly remember: (sessionId: string) => void
  /** Told once of each session revoked while it listens (the sockets of that session close). */
  readonly onRevoked: (listener: (sessionId: string) => void) => () => void
  readonly stop: () => Promise<void>
}

export interface RegistryDeps {
  readonly database: DatabaseHandle
  readonly clock: Clock
  /** How long a revocation matters: the access-token lifetime plus a margin for clocks that differ. */
  readonly keepMs: number
  readonly onError: (message: string, error?: unknown) => void
}

const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

export async function startRevocationRegistry(deps: RegistryDeps): Promise<RevocationRegistry> {
  const { database, clock, keepMs } = deps
  const revoked = new Map<string, number>()
  const listeners = new Set<(sessionId: string) => void>()
  const askDatabase = coalescer<string, boolean>()
  let hearing = false

  const expired = (at: number) => clock.now() - at > keepMs

  const add = (sessionId: string, at: number) => {
    if (revoked.has(sessionId) || expired(at)) return
    for (const [id, when] of revoked) if (expired(when)) revoked.delete(id)
    revoked.set(sessionId, at)
    for (const listener of listeners) {
      try {
        listener(sessionId)
      } catch (error) {
        deps.onError("a revocation listener failed", error)
      }
    }
  }

  const readRecent = async () => {
    for (const row of await revokedSince(database.db, new Date(clock.now() - keepMs)))
      add(row.sessionId, row.revokedAt.getTime())
  }

  const onPayload = (payload: string) => {
    if (!SESSION_ID.test(payload)) return deps.onError(`ignored revocation payload "${payload.slice(0, 64)}"`)
    add(payload, clock.now())
  }
  const onLost = () => {
    hearing = false
  }
  const onRelisten = () => {
    readRecent().then(
      () => {
        hearing = true
      },
      (error: unknown) => deps.onError("could not read revocations after listening again", error),
    )
  }

  // Listening before reading: a revocation made in between is heard, not lost between the two.
  const unlisten = await database.listen(SESSION_REVOKED_CHANNEL, onPayload, onRelisten, onLost)
  try {
    await readRecent()
  } catch (error) {
    await unlisten()
    throw error
  }
  hearing = true

  const isRevoked: IsRevoked = (sessionId) => {
    const at = revoked.get(sessionId)
    if (at !== undefined) {
      if (!expired(at)) return true
      revoked.delete(sessionId)
    }
    if (hearing) return false
    return askDatabase(sessionId, () => isRecordedRevoked(database.db, sessionId)).then((found) => {
      if (found) add(sessionId, clock.now())
      return found
    })
  }

  return {
    isRevoked,
    remember: (sessionId) => add(sessionId, clock.now()),
    onRevoked: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    stop: unlisten,
  }
}
