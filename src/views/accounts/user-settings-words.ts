import type { SignInOutcome } from "../../schema/accounts/user-settings"

// The words and dates of /user-settings.

export const OUTCOME_WORDS: Readonly<Record<SignInOutcome, string>> = {
  succeeded: "Signed in",
  failed: "Wrong password",
  locked: "Refused: too many attempts",
}

const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" })

/** "26 Nov 2026, 15:47" in the browser's time zone; "" for a value that is not a date. */
export function whenText(iso: string): string {
  const at = Date.parse(iso)
  return Number.isNaN(at) ? "" : dateTime.format(at)
}
