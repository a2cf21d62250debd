import type { SignInOutcome } from "../../schema/accounts/user-settings"

// The words and dates of /user-settings.

export const OUTCOME_WORDS: Readonly<Record<SignInOutcome, string>> = {
  succeeded: "Signed in",
  failed: "Wrong password",
  locked: "Refused: too many attempts",
}

// Built on first use, not when the module loads: the locale's data makes it a long task on a slow phone, and
// this module is fetched ahead of need, while the dashboard is still starting.
let dateTime: Intl.DateTimeFormat | undefined

/** "26 Nov 2026, 15:47" in the browser's time zone; "" for a value that is not a date. */
export function whenText(iso: string): string {
  const at = Date.parse(iso)
  if (Number.isNaN(at)) return ""
  dateTime ??= new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" })
  return dateTime.format(at)
}
