// LISTEN/NOTIFY on a real PostgreSQL needs one long-lived connection of its own: a pooled client would be
// handed back and its subscriptions lost. If that connection drops, it is reopened and every channel
// listened again; notifications sent while it was down are lost, so consumers must treat them as hints
// (ids to load), never as the data itself.
import pg from "pg"

export type OnPayload = (payload: string) => void
export type Unlisten = () => Promise<void>
/** Called after a lost connection was reopened and LISTEN sent again: payloads in between may be lost. */
export type OnRelisten = () => void
/** Called when the listening connection is lost: nothing is heard until OnRelisten. */
export type OnLost = () => void

const RECONNECT_BASE_MS = 500
const RECONNECT_CAP_MS = 15_000

/** Subscribes to a channel; onLost, then onRelisten, bracket a lost and restored listening connection. */
export type Listen = (
  channel: string,
  onPayload: OnPayload,
  onRelisten?: OnRelisten,
  onLost?: OnLost,
) => Promise<Unlisten>

export interface PgListener {
  readonly listen: Listen
  readonly close: () => Promise<void>
}

export function createPgListener(connectionString: string, onError: (error: Error) => void): PgListener {
  const channels = new Map<string, Set<OnPayload>>()
  let client: pg.Client | null = null
  /** Channels the current connection has actually sent LISTEN for. */
  let listening = new Set<string>()
  let connecting: Promise<pg.Client> | null = null
  let closed = false
  let attempt = 0
  // Consumers that must catch up from their own tables after a gap (notifications: server/notifications/).
  const relistened = new Set<OnRelisten>()
  const lostHandlers = new Set<OnLost>()
  let connectedBefore = false

  const connect = async (): Promise<pg.Client> => {
    const next = new pg.Client({ connectionString })
    next.on("notification", (message) => {
      for (const onPayload of channels.get(message.channel) ?? []) onPayload(message.payload ?? "")
    })
    next.on("error", (error) => {
      onError(error)
      lost(next)
    })
    next.on("end", () => lost(next))
    await next.connect()
    listening = new Set()
    client = next
    attempt = 0
    for (const channel of channels.keys()) await listenOn(next, channel)
    if (connectedBefore) for (const onRelisten of relistened) onRelisten()
    connectedBefore = true
    return next
  }

  const listenOn = async (on: pg.Client, channel: string) => {
    if (listening.has(channel)) return
    listening.add(channel)
    await on.query(`LISTEN ${pg.escapeIdentifier(channel)}`)
  }

  const ensure = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client)
    connecting ??= connect().finally(() => {
      connecting = null
    })
    return connecting
  }

  const reconnectLater = () => {
    if (closed || channels.size === 0) return
    const delay = Math.min(RECONNECT_CAP_MS, RECONNECT_BASE_MS * 2 ** attempt++)
    setTimeout(() => {
      if (closed || client) return
      ensure().catch((error: Error) => {
        onError(error)
        reconnectLater()
      })
    }, delay).unref()
  }

  const lost = (which: pg.Client) => {
    if (client !== which) return
    client = null
    for (const onLost of lostHandlers) onLost()
    reconnectLater()
  }

  return {
    listen: async (channel, onPayload, onRelisten, onLost) => {
      const subscribers = channels.get(channel) ?? new Set()
      subscribers.add(onPayload)
      channels.set(channel, subscribers)
      if (onRelisten) relistened.add(onRelisten)
      if (onLost) lostHandlers.add(onLost)
      const unlisten = async () => {
        subscribers.delete(onPayload)
        if (onRelisten) relistened.delete(onRelisten)
        if (onLost) lostHandlers.delete(onLost)
        if (subscribers.size > 0 || channels.get(channel) !== subscribers) return
        channels.delete(channel)
        listening.delete(channel)
        await client?.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`)
      }
      try {
        await listenOn(await ensure(), channel)
      } catch (error) {
        await unlisten().catch(() => undefined)
        throw error
      }
      return unlisten
    },
    close: async () => {
      closed = true
      channels.clear()
      const current = client
      client = null
      await current?.end()
    },
  }
}
