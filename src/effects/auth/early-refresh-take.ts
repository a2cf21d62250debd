// Adopts the refresh index.html's inline script started while the JavaScript downloaded
// (docs/behaviour.md#early-refresh).
import { EARLY_REFRESH_KEY } from "../../schema/auth/early-refresh"
import { takeStarted } from "../system/take-started"

/** The access token of a settled early refresh, or null for anything else (no answer, a refusal, a stray value). */
export function earlyAccess(answer: unknown): string | null {
  if (typeof answer !== "object" || answer === null || !("access" in answer)) return null
  const { access } = answer
  return typeof access === "string" && access.length > 0 ? access : null
}

/**
 * The started refresh's token, taken once: the property is removed as it is read, so a later refresh (the
 * queue's, after a 401) never adopts a token already spent. Null when no refresh was started here; a promise of
 * null when it gave no token, and the caller then refreshes as it always did (a cookie the server refused
 * was cleared with its hint, so that refresh fails at once without asking again).
 */
export function takeEarlyRefresh(): Promise<string | null> | null {
  return takeStarted(EARLY_REFRESH_KEY, earlyAccess)
}
