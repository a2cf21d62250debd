// What domain code (auth, marketplace, notifications, push) fails with: tagged errors that say what went
// wrong in the domain's own terms, never an HTTP status. The route layer maps each tag to its status and a
// `{detail}` body in one place (server/http/error-handler.ts), so `detail` is the sentence a user may read.
import { Data } from "effect"

/** The thing named does not exist, or is not the caller's to see. */
export class NotFound extends Data.TaggedError("NotFound")<{ readonly detail: string }> {}
/** The request is well-formed but contradicts the current state (already decided, email taken). */
export class Conflict extends Data.TaggedError("Conflict")<{ readonly detail: string }> {}
/** The caller is known but may not do this. */
export class Forbidden extends Data.TaggedError("Forbidden")<{ readonly detail: string }> {}
/** The input breaks a rule the schema cannot state (a field contradicting another, an unknown recipient). */
export class Invalid extends Data.TaggedError("Invalid")<{ readonly detail: string }> {}
/** No usable credentials: none, expired, revoked or wrong. */
export class Unauthorized extends Data.TaggedError("Unauthorized")<{ readonly detail: string }> {}
/** Too many attempts; the caller may try again after this many seconds. */
export class TooManyRequests extends Data.TaggedError("TooManyRequests")<{
  readonly detail: string
  readonly retryAfterSeconds: number
}> {}

export type DomainError =
  | NotFound
  | Conflict
  | Forbidden
  | Invalid
  | Unauthorized
  | TooManyRequests
  | TooLarge
  | UnsupportedType
  | Unavailable

export const isDomainError = (error: unknown): error is DomainError =>
  error instanceof NotFound ||
  error instanceof Conflict ||
  error instanceof Forbidden ||
  error instanceof Invalid ||
  error instanceof Unauthorized ||
  error instanceof TooManyRequests ||
  error instanceof TooLarge ||
  error instanceof UnsupportedType ||
  error instanceof Unavailable

export const notFound = (detail = "Not found."): NotFound => new NotFound({ detail })
export const conflict = (detail: string): Conflict => new Conflict({ detail })
export const forbidden = (detail: string): Forbidden => new Forbidden({ detail })
export const invalid = (detail: string): Invalid => new Invalid({ detail })
export const unauthorized = (detail: string): Unauthorized => new Unauthorized({ detail })
export const tooManyRequests = (detail: string, retryAfterSeconds: number): TooManyRequests =>
  new TooManyRequests({ detail, retryAfterSeconds })

/** PostgreSQL's unique_violation, as raised by both pg and PGlite. */
export const isUniqueViolation = (error: unknown): boolean =>
  typeof error === "object" && error !== null && "code" in error && error.code === "23505"

/** An upload is over a size or count limit. */
export class TooLarge extends Data.TaggedError("TooLarge")<{ readonly detail: string }> {}
/** A file is not of a type the API stores, judged by its bytes. */
export class UnsupportedType extends Data.TaggedError("UnsupportedType")<{ readonly detail: string }> {}
/** The database cannot be reached: nothing was stored, and trying again later may work. */
export class Unavailable extends Data.TaggedError("Unavailable")<{ readonly detail: string }> {}

export const tooLarge = (detail: string): TooLarge => new TooLarge({ detail })
export const unsupportedType = (detail: string): UnsupportedType => new UnsupportedType({ detail })
export const unavailable = (detail: string): Unavailable => new Unavailable({ detail })
