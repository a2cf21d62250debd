// What index.html's inline script started before the app's JavaScript arrived (docs/behaviour.md#early-refresh):
// a promise it left on `window`, taken once.

/**
 * The promise left under `key`, read through `read` (a failure reads as null), taken once: the property is
 * removed as it is read, so a later caller never adopts an answer already used. Null when none was left.
 */
export function takeStarted<A>(key: string, read: (answer: unknown) => A | null): Promise<A | null> | null {
  if (typeof window === "undefined") return null
  const started: unknown = Reflect.get(window, key)
  Reflect.deleteProperty(window, key)
  if (!(started instanceof Promise)) return null
  return started.then(read, () => null)
}
