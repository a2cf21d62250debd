// Requests Node's HTTP parser rejects before Fastify sees them (a malformed request line or header, headers
// too large, a client too slow to send them) get the same `{detail}` body as every other refusal, instead of
// Fastify's default `{error, message, statusCode}`.
import { STATUS_CODES } from "node:http"
import type { Socket } from "node:net"

const answers: Readonly<Record<string, readonly [number, string]>> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, "The request took too long to arrive."],
  HPE_HEADER_OVERFLOW: [431, "Request headers are too large."],
}

export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection is already gone: there is nobody to answer.
  if (error.code === "ECONNRESET" || socket.destroyed) return
  const [status, detail] = answers[error.code ?? ""] ?? [400, "Malformed HTTP request."]
  const body = JSON.stringify({ detail })
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    )
  socket.destroy(error)
}
