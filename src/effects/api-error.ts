import { Data } from "effect"

/**
 * Every failed call: a status outside 200-299 (SPEC §8), a body that does not decode (status kept),
 * or no answer at all (status 0). `detail` and `message` carry the server's words when it sent them.
 */
export class ApiError extends Data.TaggedError("ApiError")<{
  readonly status: number
  readonly detail: string | null
  readonly message: string
  readonly serverMessage?: string | null
}> {}

/** The text a user should read for a failed call, or the given fallback. */
export const userMessage = (error: unknown, fallback: string): string =>
  error instanceof ApiError && error.detail ? error.detail : fallback
