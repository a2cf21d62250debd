// Whether an error means the database could not be reached (refused, dropped, shutting down, closed), as
// opposed to a query that failed: an upload then answers 503 and the client may try again.

const DOWN_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "53300", // too_many_connections
])
const DOWN_MESSAGES =
  /Connection terminated|connection ended|Client has encountered a connection error|driver has already been destroyed|PGlite is closed|not currently accepting connections|timeout exceeded when trying to connect/i

export function isDatabaseDown(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false
  const code = "code" in error ? String(error.code) : ""
  if (DOWN_CODES.has(code) || code.startsWith("08")) return true
  const message = error instanceof Error ? error.message : ""
  return DOWN_MESSAGES.test(message)
}
