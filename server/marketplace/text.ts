// Small text helpers shared by the marketplace domain: the search column, LIKE patterns, ids and times.

/** The lowercased haystack a list's `search` parameter is matched against. */
export const searchText = (parts: ReadonlyArray<string | null | undefined>): string =>
  parts
    .filter((p): p is string => typeof p === "string" && p.length > 0)
    .join("\n")
    .toLowerCase()

/** A contains-pattern for LIKE in which the user's `%`, `_` and `\` match themselves. */
export const containsPattern = (search: string): string =>
  `%${search
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

/** "10:42 UTC on 22 Nov 2025": the server cannot know the reader's zone, so it says which one it uses. */
export const formatWhen = (at: Date): string => {
  const hh = String(at.getUTCHours()).padStart(2, "0")
  const mm = String(at.getUTCMinutes()).padStart(2, "0")
  return `${hh}:${mm} UTC on ${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}`
}

export const iso = (at: Date): string => at.toISOString()
export const isoOrNull = (at: Date | null): string | null => (at === null ? null : at.toISOString())
