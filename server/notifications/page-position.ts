// Where a notification page's JSON states its change-log position: the last key, written by `withLivePosition`,
// so that a stored page can state a newer one without being encoded again (./page-cache.ts). A quote inside a
// JSON string is always escaped, so the key's unescaped form can only be the structural one.

const KEY = '"live_position":'

/** The encoded object (without `live_position`) with the position appended as its last key. */
export const withLivePosition = (json: string, position: number): string =>
  `${json.slice(0, -1)}${json === "{}" ? "" : ","}${KEY}${position}}`

/** A body made by `withLivePosition`, stating `position` instead; any other body as it is. */
export function restampLivePosition(body: string, position: number): string {
  const at = body.lastIndexOf(KEY)
  return at < 0 ? body : `${body.slice(0, at)}${KEY}${position}}`
}
