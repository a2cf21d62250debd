import { Schema } from "effect"
import { PASSWORD_MAX_LENGTH } from "./password-rules"

// Your own account at /user-settings: your sessions, your recent sign-ins, and a change of password.

/** The sign-in history shows this many entries, newest first. */
export const SIGN_IN_HISTORY_SIZE = 20

/** "Chrome on Linux"; a part the User-Agent did not name reads as unknown. */
export function deviceLabel(browser: string | null, system: string | null): string {
  if (!browser && !system) return "Unknown browser"
  return `${browser || "Unknown browser"} on ${system || "an unknown system"}`
}

export const OwnSession = Schema.Struct({
  /** The session's id (the sign-in's refresh-token family). */
  id: Schema.String,
  browser: Schema.NullOr(Schema.String),
  system: Schema.NullOr(Schema.String),
  /** The address it signed in from; null for a session started before addresses were kept. */
  address: Schema.NullOr(Schema.String),
  signed_in_at: Schema.String,
  last_used_at: Schema.String,
  /** The session this request was made with ("This browser"). */
  current: Schema.Boolean,
})
export type OwnSession = typeof OwnSession.Type

export const OwnSessionList = Schema.Struct({ results: Schema.Array(OwnSession) })
export type OwnSessionList = typeof OwnSessionList.Type

/** `locked`: refused without a verdict, because of too many failed attempts. */
export const SignInOutcome = Schema.Literals(["succeeded", "failed", "locked"])
export type SignInOutcome = typeof SignInOutcome.Type

export const SignInEntry = Schema.Struct({
  id: Schema.Number,
  outcome: SignInOutcome,
  browser: Schema.NullOr(Schema.String),
  system: Schema.NullOr(Schema.String),
  address: Schema.String,
  at: Schema.String,
})
export type SignInEntry = typeof SignInEntry.Type

export const SignInList = Schema.Struct({ results: Schema.Array(SignInEntry) })
export type SignInList = typeof SignInList.Type

export const SessionIdParams = Schema.Struct({ id: Schema.String })
export type SessionIdParams = typeof SessionIdParams.Type

/** The rules beyond length are the server's, and its 400 names the rule broken. */
export const ChangePasswordBody = Schema.Struct({
  current_password: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(PASSWORD_MAX_LENGTH)),
  new_password: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(PASSWORD_MAX_LENGTH)),
})
export type ChangePasswordBody = typeof ChangePasswordBody.Type

/** What a change that signs sessions out answers: a sentence, and how many sessions ended. */
export const SignedOut = Schema.Struct({ detail: Schema.String, signed_out: Schema.Number })
export type SignedOut = typeof SignedOut.Type
