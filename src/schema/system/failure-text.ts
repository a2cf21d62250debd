// How machines read a call's failure (./failure.ts's Failure, or one that went through JSON: a replayed support
// trace), and the one function that turns it into the words a user reads. Read by hand rather than with Schema,
// and free of Effect: every machine imports this module, and the sign-in page renders before any Effect code
// has loaded (docs/architecture.md#what-the-sign-in-page-downloads).

export const FAILURE_KINDS = ["network", "timeout", "http", "decode"] as const
/**
 * - network: no answer arrived (offline, refused, reset);
 * - timeout: no answer within the call's time limit;
 * - http: the server answered with a status outside 200-299;
 * - decode: the answer arrived but is not what the API describes.
 */
export type FailureKind = (typeof FAILURE_KINDS)[number]

/** A failure's fields, as ./failure.ts's Failure carries them. */
export interface FailureFields {
  readonly kind: FailureKind
  readonly status: number
  readonly detail: string | null
  readonly serverMessage: string | null
  readonly message: string
}

// A field of the wrong type counts as absent.
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
 * Any actor error as a failure's fields: those it carries (a Failure, or one that went through JSON). Anything
 * else (a plain Error, a thrown string) is a network failure: no answer from the server was read.
 */
export function failureOf(error: unknown): FailureFields {
  const shape: Shape = typeof error === "object" && error !== null ? readShape(error) : {}
  const status = shape.status ?? 0
  return {
    kind: shape.kind ?? (status > 0 ? "http" : "network"),
    status,
    detail: nonEmpty(shape.detail),
    serverMessage: nonEmpty(shape.serverMessage),
    message: shape.message ?? (error instanceof Error ? error.message : String(error)),
  }
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
