// Logger options for Fastify (pino). Tokens must never reach a log: access tokens travel in Authorization and
// (for the socket) in `?token=`, refresh tokens in Cookie / Set-Cookie. Request lines carry a scrubbed URL only,
// and the header paths are redacted in case anything ever logs headers.
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from "fastify"
import type { LogLevel } from "../config"

/** Where log lines go (stdout by default); tests pass a collector. */
export interface LogStream {
  write(line: string): void
}

const SECRET_QUERY_PARAMS = /([?&](?:token|access|refresh|access_token|refresh_token)=)[^&#]*/gi

/** One-time links (invitations, password resets) carry their secret in the path: whoever reads it can use it. */
const SECRET_PATH_SEGMENTS = /(\/(?:invite|invitations|reset-password|password-reset)\/)[A-Za-z0-9_-]{16,}/g

/**
 * `/ws/notifications/?token=abc` → `/ws/notifications/?token=[redacted]`;
 * `/reset-password/<token>` → `/reset-password/[redacted]`
 */
export const scrubUrl = (url: string): string =>
  url.replace(SECRET_QUERY_PARAMS, "$1[redacted]").replace(SECRET_PATH_SEGMENTS, "$1[redacted]")

const REDACTED_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
  "headers.authorization",
  "headers.cookie",
  'headers["set-cookie"]',
]

interface LoggedRequest {
  readonly method: string
  readonly url: string
  readonly ip: string
}

export function loggerOptions(level: LogLevel, stream?: LogStream): FastifyServerOptions["logger"] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    serializers: {
      req: (req: LoggedRequest) => ({ method: req.method, url: scrubUrl(req.url), ip: req.ip }),
      res: (res: { readonly statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  }
}

const infoEnabled = (log: object): boolean =>
  "isLevelEnabled" in log && typeof log.isLevelEnabled === "function" && log.isLevelEnabled("info") === true

/** One line per request, with the scrubbed URL, instead of Fastify's "incoming" + "completed" pair. */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    // Most servers log at warn: a successful request's line would be built and scrubbed only to be dropped.
    // (Fastify's stand-in logger, used with logging off, has no isLevelEnabled and drops every line.)
    if (!error && !infoEnabled(req.log)) return
    const line = {
      method: req.method,
      url: scrubUrl(req.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    }
    if (error) req.log.error({ ...line, err: error }, "request failed")
    else req.log.info(line, "request")
  }

  override routeNotFound(): void {}
}
