// Adopts what index.html's inline script started while the JavaScript downloaded: the refresh, and the answers
// it asked for with that refresh's token (docs/behaviour.md#early-refresh).
import { EARLY_REFRESH_KEY } from "../schema/early-refresh"

/** The access token of a settled early refresh, or null for anything else (no answer, a refusal, a stray value). */
export function earlyAccess(answer: unknown): string | null {
  if (typeof answer !== "object" || answer === null || !("access" in answer)) return null
  const { access } = answer
  return typeof access === "string" && access.length > 0 ? access : null
}

/**
 * What the script left under `key`, taken once: the property is removed as it is read, so that nothing later
 * (a retry, a refresh by the queue, a session after a sign-out) adopts it again. Null when nothing was left; a
 * promise that never rejects otherwise.
 */
export function takeEarly(key: string): Promise<unknown> | null {
  if (typeof window === "undefined") return null
  const started: unknown = Reflect.get(window, key)
  Reflect.deleteProperty(window, key)
  if (!(started instanceof Promise)) return null
  return started.then(
    (answer: unknown) => answer,
    () => null,
  )
}

/**
 * The started refresh's token, taken once. Null when no refresh was started here; a promise of null when it
 * gave no token, and the caller then refreshes as it always did (a cookie the server refused was cleared with
 * its hint, so that refresh fails at once without asking again).
 */
export function takeEarlyRefresh(): Promise<string | null> | null {
  return takeEarly(EARLY_REFRESH_KEY)?.then(earlyAccess) ?? null
}

/**
 * The body of an answer the script asked for, when it may stand for the app's own call: it was asked with
 * `token`, the one the session holds now (another token means another session, perhaps another person), and
 * succeeded. Null for anything else, and the app then makes its call.
 */
export function earlyBody(answer: unknown, token: string | null): { readonly body: unknown } | null {
  if (token === null || typeof answer !== "object" || answer === null) return null
  if (!("token" in answer && "status" in answer && "body" in answer)) return null
  const { status } = answer
  if (answer.token !== token || typeof status !== "number" || status < 200 || status > 299) return null
  return { body: answer.body }
}
