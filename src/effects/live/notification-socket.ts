import { Context, Effect, Layer, Result, Schema } from "effect"
import { SOCKET } from "../../constants"
import { ClientMessage, ServerMessage } from "../../schema/live/socket"
import { Config } from "../system/config"

// The notification socket's IO as an Effect service, like HTTP: opening /ws/notifications/ with the access token,
// decoding every frame with the shared schema, encoding what the client sends, the keep-alive ping, and telling
// a planned close from a lost connection. Reconnecting is the socket machine's business; the callback actor that
// machine invokes (socket.actors.ts) only turns what this reports into events.

const decodeServer = Schema.decodeUnknownResult(ServerMessage)
const encodeClient = Schema.encodeUnknownResult(ClientMessage)

/** A frame that is not JSON or not a known message is logged and dropped, never thrown into the UI. */
export function decodeFrame(data: unknown): ServerMessage | null {
  if (typeof data !== "string") {
    console.warn("Notification socket: dropped a non-text frame")
    return null
  }
  let json: unknown
  try {
    json = JSON.parse(data)
  } catch {
    console.warn("Notification socket: dropped a frame that is not JSON")
    return null
  }
  const decoded = decodeServer(json)
  if (Result.isSuccess(decoded)) return decoded.success
  console.warn("Notification socket: dropped a frame that does not decode", String(decoded.failure))
  return null
}

/** How a connection ended: planned (the client closed it) or not, with the close code and when. */
export interface SocketClose {
  readonly planned: boolean
  readonly code: number
  readonly at: number
}

/** What one connection reports, as it happens. */
export interface SocketHandlers {
  readonly opened: () => void
  readonly message: (message: ServerMessage, at: number) => void
  readonly closed: (close: SocketClose) => void
}

export interface SocketConnection {
  /** Sends a client message when the socket is open; otherwise it is dropped (nothing is queued). */
  readonly send: (message: ClientMessage) => Effect.Effect<void>
  /** A planned close: reported as such, and never followed by anything else. */
  readonly close: Effect.Effect<void>
}

export interface NotificationSocketShape {
  /**
   * Opens one connection with this access token, resuming from the live position `since` when given
   * (docs/behaviour.md#catching-up); every outcome, including a refused one, reaches `handlers`.
   */
  readonly open: (
    token: string,
    handlers: SocketHandlers,
    since?: number | null,
  ) => Effect.Effect<SocketConnection>
}

/** The part of the browser's WebSocket this service uses: what a test's fake must provide. */
export interface WebSocketLike {
  readonly readyState: number
  send(data: string): void
  close(code?: number, reason?: string): void
  onopen: ((event: Event) => void) | null
  onmessage: ((event: MessageEvent) => void) | null
  onclose: ((event: CloseEvent) => void) | null
}

/** Opens a WebSocket; the browser's own in the app, a fake in tests. */
export class WebSocketFactory extends Context.Service<WebSocketFactory, (url: string) => WebSocketLike>()(
  "app/WebSocketFactory",
) {
  static readonly browser = Layer.succeed(WebSocketFactory, (url: string) => new WebSocket(url))
}

/** The readyState of an open socket (WebSocket.OPEN), spelled out: a fake has no WebSocket global to read. */
const OPEN = 1
/** What an invalid URL or a blocked scheme looks like to the machine: a connection that never opened. */
const ABNORMAL_CLOSE = 1006

/** This tab's own socket, straight to the server. */
const ownSocket = Effect.gen(function* () {
  const config = yield* Config
  const connect = yield* WebSocketFactory
  const shape: NotificationSocketShape = {
    open: (token, handlers, since) =>
      Effect.sync((): SocketConnection => {
        const resume = since === null || since === undefined ? "" : `&since=${since}`
        const url = `${config.socketBaseUrl}/ws/notifications/?token=${encodeURIComponent(token)}${resume}`
        let ws: WebSocketLike
        try {
          ws = connect(url)
        } catch {
          queueMicrotask(() => handlers.closed({ planned: false, code: ABNORMAL_CLOSE, at: Date.now() }))
          return { send: () => Effect.void, close: Effect.void }
        }
        let planned = false
        let keepAlive: ReturnType<typeof setInterval> | undefined
        const sendNow = (message: ClientMessage) => {
          if (ws.readyState !== OPEN) return
          const encoded = encodeClient(message)
          if (Result.isSuccess(encoded)) ws.send(JSON.stringify(encoded.success))
        }
        ws.onopen = () => {
          handlers.opened()
          // Proxies drop idle connections: a ping well inside their usual 60 s keeps this one up.
          keepAlive = setInterval(
            () => sendNow({ type: "ping", timestamp: Date.now() }),
            SOCKET.pingIntervalMs,
          )
        }
        ws.onmessage = (e) => {
          const message = decodeFrame(e.data)
          if (message) handlers.message(message, Date.now())
        }
        ws.onclose = (e) => {
          clearInterval(keepAlive)
          handlers.closed({ planned, code: e.code, at: Date.now() })
        }
        return {
          send: (message) => Effect.sync(() => sendNow(message)),
          close: Effect.sync(() => {
            clearInterval(keepAlive)
            planned = true
            ws.onmessage = null
            ws.close(1000, "client closing")
          }),
        }
      }),
  }
  return shape
})

export class NotificationSocket extends Context.Service<NotificationSocket, NotificationSocketShape>()(
  "app/NotificationSocket",
) {
  static readonly layer = Layer.effect(NotificationSocket, ownSocket)

  /** One socket for the tabs of a session, shared through `tabs` (./socket-tabs.ts). */
  static readonly sharedBy = (tabs: {
    readonly share: (inner: NotificationSocketShape) => NotificationSocketShape
  }) => Layer.effect(NotificationSocket, Effect.map(ownSocket, tabs.share))
}
