import { Result, Schema } from "effect"
import { fromCallback } from "xstate"
import { SOCKET } from "../constants"
import type { ConnectionInput, SocketEvent } from "../machines/socket.machine"
import { ClientMessage, ServerMessage } from "../schema/socket"

// The notification socket as a callback actor body: one WebSocket per invocation, every frame decoded by
// the shared schema. Reconnecting is the socket machine's business; this only reports what happened.

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

export type SocketFactory = (url: string) => WebSocket

export function notificationSocket(socketBaseUrl: string, open: SocketFactory = (url) => new WebSocket(url)) {
  return fromCallback<SocketEvent, ConnectionInput>(({ input, sendBack, receive }) => {
    const url = `${socketBaseUrl}/ws/notifications/?token=${encodeURIComponent(input.token)}`
    let planned = false
    let ws: WebSocket
    try {
      ws = open(url)
    } catch {
      // An invalid URL or a blocked scheme: reported like any refused connection.
      queueMicrotask(() => sendBack({ type: "socket.closed", planned: false, code: 1006, at: Date.now() }))
      return () => {}
    }
    let keepAlive: ReturnType<typeof setInterval> | undefined
    const stopKeepAlive = () => clearInterval(keepAlive)
    ws.onopen = () => {
      sendBack({ type: "socket.opened" })
      keepAlive = setInterval(() => {
        if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: "ping", timestamp: Date.now() }))
      }, SOCKET.pingIntervalMs)
    }
    ws.onmessage = (e: MessageEvent) => {
      const message = decodeFrame(e.data)
      if (message) sendBack({ type: "socket.message", message, at: Date.now() })
    }
    ws.onclose = (e: CloseEvent) => {
      stopKeepAlive()
      sendBack({ type: "socket.closed", planned, code: e.code, at: Date.now() })
    }
    receive((event) => {
      if (event.type !== "socket.send" || ws.readyState !== WebSocket.OPEN) return
      const encoded = encodeClient(event.message)
      if (Result.isSuccess(encoded)) ws.send(JSON.stringify(encoded.success))
    })
    return () => {
      stopKeepAlive()
      planned = true
      ws.onmessage = null
      ws.close(1000, "client closing")
    }
  })
}

/** The browser came back online or the tab became visible: worth another connection attempt. */
export const watchWake = fromCallback<SocketEvent>(({ sendBack }) => {
  if (typeof window === "undefined") return () => {}
  const wake = () => sendBack({ type: "socket.wake" })
  const visible = () => {
    if (document.visibilityState === "visible") wake()
  }
  window.addEventListener("online", wake)
  document.addEventListener("visibilitychange", visible)
  return () => {
    window.removeEventListener("online", wake)
    document.removeEventListener("visibilitychange", visible)
  }
})
