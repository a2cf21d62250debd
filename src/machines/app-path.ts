/** Browsers treat a backslash like a slash and drop tabs and newlines inside URLs: refuse them all. */
const hasUnsafeCharacter = (value: string): boolean =>
  Array.from(value).some((c) => {
    const code = c.charCodeAt(0)
    return c === "\\" || code < 0x20 || code === 0x7f
  })

/**
 * A URL is followed only when it is a path of this app. Anything that could leave the origin
 * (`//host`, `/\host`, `javascript:`, absolute URLs, encoded tricks) yields null.
 */
export function safeAppPath(raw: string | null | undefined): string | null {
  if (typeof raw !== "string") return null
  const value = raw.trim()
  if (!value.startsWith("/") || value.length > 2048) return null
  if (hasUnsafeCharacter(value)) return null
  if (value.startsWith("//")) return null
  let decoded = value
  try {
    decoded = decodeURIComponent(value)
  } catch {
    return null
  }
  if (decoded.startsWith("//") || hasUnsafeCharacter(decoded)) return null
  try {
    const base = "http://app.invalid"
    const url = new URL(value, base)
    if (url.origin !== base) return null
    return `${url.pathname}${url.search}${url.hash}`
  } catch {
    return null
  }
}
