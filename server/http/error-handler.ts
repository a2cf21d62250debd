// Every error leaves as `{detail}` with a 4xx that says what was wrong, or a bare 500 that says nothing
// (the cause goes to the log). Bad input must never reach the 500 branch. This is the one place where the
// domain's errors (server/errors.ts) become HTTP statuses.
import type { FastifyError, FastifyInstance } from "fastify"
import type { ErrorStatus } from "../../src/schema/api/endpoint"
import { type DomainError, isDomainError } from "../errors"

export const INTERNAL_ERROR = "Internal server error"

/** The status each domain error answers with. */
export const DOMAIN_ERROR_STATUS: Readonly<Record<DomainError["_tag"], ErrorStatus>> = {
  Invalid: 400,
  Unauthorized: 401,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
  TooManyRequests: 429,
  TooLarge: 413,
  UnsupportedType: 415,
  Unavailable: 503,
}

export interface ErrorAnswer {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly body: { readonly detail: string }
}

export const answerFor = (error: DomainError): ErrorAnswer => ({
  status: DOMAIN_ERROR_STATUS[error._tag],
  headers:
    error._tag === "TooManyRequests"
      ? { "retry-after": String(Math.max(1, Math.ceil(error.retryAfterSeconds))) }
      : {},
  body: { detail: error.detail },
})

// Fastify's own client errors, reworded for API users.
const FASTIFY_MESSAGES: Readonly<Record<string, string>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "Malformed JSON in request body.",
  FST_ERR_CTP_BODY_TOO_LARGE: "Request body is too large.",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Unsupported content type: send application/json.",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "Request body size did not match Content-Length.",
  FST_ERR_CTP_EMPTY_TYPE: "Content-Type header must not be empty.",
  FST_ERR_CTP_INVALID_TYPE: "Unsupported content type: send application/json.",
}

const isFastifyError = (error: unknown): error is FastifyError =>
  error instanceof Error && "statusCode" in error && typeof error.statusCode === "number"

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (isDomainError(error)) {
      const answer = answerFor(error)
      return reply.code(answer.status).headers(answer.headers).send(answer.body)
    }
    if (isFastifyError(error) && error.statusCode !== undefined) {
      const status = error.statusCode
      if (status >= 400 && status < 500) {
        return reply.code(status).send({ detail: FASTIFY_MESSAGES[error.code] ?? error.message })
      }
    }
    request.log.error({ err: error }, "unhandled error")
    return reply.code(500).send({ detail: INTERNAL_ERROR })
  })
}
