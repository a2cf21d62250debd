import { Data } from "effect"

// The one failure type every call reports, from the Effect adapters to the machines, and the one function that
// turns it into the words a user reads. Machines receive actor errors as `unknown` (XState's type); they read
// them with `failureOf`, which also accepts a failure that went through JSON (a replayed support trace).

export const FAILURE_KINDS = ["network", "timeout", "http", "decode"] as const
/**
 * - network: no answer arrived (offline, refused, reset);
 * - timeout: no answer within the call's time limit;
 * - http: the server answered with a status outside 200-299;
 * - decode: the answer arrived but is not what the API describes.
 */
export type FailureKind = (typeof FAILURE_KINDS)[number]

export class Failure extends Data.TaggedError("Failure")<{
  readonly kind: FailureKind
  /** The HTTP status; 0 when no answer arrived. */
  readonly status: number
  /** The server's `detail`, when it sent one. */
  readonly detail: string | null
  /** The server's `message` field, when it sent one (a profile update failure shows it). */
  readonly serverMessage: string | null
  /** For logs and developers, never shown as is. */
  readonly message: string
}> {}

// Read by hand rather than with Schema: every machine imports this module, and the sign-in page must not
// carry Schema (src/effects/load-decoding.ts). A field of the wrong type counts as absent.
const text = (value: unknown): string | null | undefined =>
  typeof value === "string" ? value : value === null ? null : undefined
const isKind = (value: unknown): value is FailureKind => FAILURE_KINDS.some((kind) => kind === value)

interface Shape {
  readonly kind?: FailureKind
  readonly status?: number
  readonly detail?: string | null
  readonly serverMessage?: string | null
  readonly message?: string
}

function readShape(error: object): Shape {
  const field = (key: string): unknown => (key in error ? (error as Record<string, unknown>)[key] : undefined)
  const kind = field("kind")
  const status = field("status")
  const message = field("message")
  return {
    kind: isKind(kind) ? kind : undefined,
    status: typeof status === "number" && Number.isFinite(status) ? status : undefined,
    detail: text(field("detail")),
    serverMessage: text(field("serverMessage")),
    message: typeof message === "string" ? message : undefined,
  }
}

const nonEmpty = (text: string | null | undefined): string | null =>
  typeof text === "string" && text.trim() !== "" ? text : null

/**
 * Any actor error as a Failure: the Failure itself, or one read from the fields it carries. Anything else (a
 * plain Error, a thrown string) is a network failure: no answer from the server was read.
 */
export function failureOf(error: unknown): Failure {
  if (error instanceof Failure) return error
  const shape: Shape = typeof error === "object" && error !== null ? readShape(error) : {}
  const status = shape.status ?? 0
  return new Failure({
    kind: shape.kind ?? (status > 0 ? "http" : "network"),
    status,
    detail: nonEmpty(shape.detail),
    serverMessage: nonEmpty(shape.serverMessage),
    message: shape.message ?? (error instanceof Error ? error.message : String(error)),
  })
}

export interface FailureTextOptions {
  /** Also accept the server's `message` field when there is no `detail` (profile updates). */
  readonly orServerMessage?: boolean
}

/**
 * The words a user reads for a failure: the server's `detail` (or, when asked, its `message`), otherwise the
 * fallback the caller names ('Login failed', 'Update failed', 'The list could not be loaded…').
 */
export function failureText(error: unknown, fallback: string, options: FailureTextOptions = {}): string {
  const failure = failureOf(error)
  return failure.detail ?? (options.orServerMessage ? failure.serverMessage : null) ?? fallback
}

/** The HTTP status of a failure; 0 when no answer arrived. */
export const failureStatus = (error: unknown): number => failureOf(error).status
