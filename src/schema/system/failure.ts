import { Data } from "effect"
import type { FailureKind } from "./failure-text"

// The one failure type every call reports, from the Effect adapters to the machines. Machines never need the
// class: they read any actor error with ./failure-text.ts, which also accepts a failure that went through JSON
// (a replayed support trace), and which the sign-in page loads without Effect.

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
