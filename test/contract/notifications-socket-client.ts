// A real `ws` client for the socket suites: every server frame is decoded with the shared ServerMessage schema
// (a frame that does not decode fails the test) and queued; `next` waits for the first match.
import { Schema } from "effect"
import WebSocket from "ws"
import { type ServerMessage, ServerMessage as ServerMessageSchema } from "../../src/schema/live/socket"

export interface SocketOptions {
  readonly token?: string | null
  /** The Origin header; none when null (a non-browser client). */
  readonly origin?: string | null
  /** false: never answer the server's pings (a peer that vanished). */
  readonly autoPong?: boolean
}

export interface TestSocket {
  readonly ws: WebSocket
  /** Every message received so far, in order. */
  readonly received: ServerMessage[]
  readonly closed: Promise<{ code: number; reason: string }>
  readonly send: (message: unknown) => void
  readonly sendRaw: (data: string | Buffer, binary?: boolean) => void
  /** The first not yet taken message matching `type` (and `where`); waits up to timeoutMs. */
  readonly next: <T extends ServerMessage["type"]>(
    type: T,
    where?: (m: Extract<ServerMessage, { type: T }>) => boolean,
    timeoutMs?: number,
  ) => Promise<Extract<ServerMessage, { type: T }>>
  /** Messages received and not yet taken by next(). */
  readonly pending: () => ServerMessage[]
  /** A ping/pong round trip: everything the server sent before it has arrived afterwards. */
  readonly settle: () => Promise<void>
  readonly close: () => Promise<void>
}

const decode = Schema.decodeUnknownSync(ServerMessageSchema)

export const socketUrl = (httpUrl: string, token: string | null | undefined): string =>
  `${httpUrl.replace(/^http/, "ws")}/ws/notifications/${token === null || token === undefined ? "" : `?token=${encodeURIComponent(token)}`}`

export function openSocket(httpUrl: string, options: SocketOptions = {}): TestSocket {
  const ws = new WebSocket(socketUrl(httpUrl, options.token), {
    ...(options.origin ? { origin: options.origin } : {}),
    autoPong: options.autoPong ?? true,
  })
  const received: ServerMessage[] = []
  const taken = new Set<ServerMessage>()
  const waiters = new Set<() => void>()
  let decodeError: unknown = null
  ws.on("message", (data) => {
    try {
      received.push(decode(JSON.parse(String(data))))
    } catch (error) {
      decodeError = error
    }
    for (const wake of waiters) wake()
  })
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on("close", (code, reason) => {
      resolve({ code, reason: reason.toString() })
      for (const wake of waiters) wake()
    })
  })
  ws.on("error", () => undefined)

  const next: TestSocket["next"] = (type, where, timeoutMs = 5000) =>
    new Promise((resolve, reject) => {
      type M = Extract<ServerMessage, { type: typeof type }>
      const find = () => {
        if (decodeError) return reject(decodeError)
        const hit = received.find(
          (m): m is M => !taken.has(m) && m.type === type && (where === undefined || where(m as M)),
        )
        if (hit) {
          taken.add(hit)
          done()
          resolve(hit)
        } else if (ws.readyState === WebSocket.CLOSED) {
          done()
          reject(new Error(`socket closed while waiting for ${type}; got ${JSON.stringify(received)}`))
        }
      }
      const timer = setTimeout(() => {
        done()
        reject(new Error(`no ${type} within ${timeoutMs} ms; got ${JSON.stringify(received)}`))
      }, timeoutMs)
      const done = () => {
        clearTimeout(timer)
        waiters.delete(find)
      }
      waiters.add(find)
      find()
    })

  let pingCounter = 0
  return {
    ws,
    received,
    closed,
    send: (message) => ws.send(JSON.stringify(message)),
    sendRaw: (data, binary = false) => ws.send(data, { binary }),
    next,
    pending: () => received.filter((m) => !taken.has(m)),
    settle: async () => {
      const timestamp = 1_000_000 + ++pingCounter
      ws.send(JSON.stringify({ type: "ping", timestamp }))
      await next("pong", (m) => m.timestamp === timestamp)
    },
    close: async () => {
      if (ws.readyState === WebSocket.CLOSED) return
      ws.close()
      await closed
    },
  }
}
