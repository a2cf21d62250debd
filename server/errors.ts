// Errors that carry their HTTP status, so domain code can say "this is a 409" without knowing Fastify.
// The app's error handler turns every ApiError into `{detail}` with that status.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(detail)
    this.name = "ApiError"
  }
}

export const badRequest = (detail: string): ApiError => new ApiError(400, detail)
export const unauthorized = (detail: string): ApiError => new ApiError(401, detail)
export const forbidden = (detail: string): ApiError => new ApiError(403, detail)
export const notFound = (detail = "Not found."): ApiError => new ApiError(404, detail)
export const conflict = (detail: string): ApiError => new ApiError(409, detail)
export const tooManyRequests = (detail: string, retryAfterSeconds: number): ApiError =>
  new ApiError(429, detail, { "retry-after": String(Math.max(1, Math.ceil(retryAfterSeconds))) })

/** PostgreSQL's unique_violation, as raised by both pg and PGlite. */
export const isUniqueViolation = (error: unknown): boolean =>
  typeof error === "object" && error !== null && "code" in error && error.code === "23505"
