// The one rule for "is this a path of this app?", shared by the server (action_url on admin send) and the
// client (every navigation to an action_url or a ?next= target). A URL that could leave the origin, run script,
// or be read differently by a browser, a router or a proxy is refused, however it is encoded.

export const APP_PATH_MAX_LENGTH = 2048

const BASE = "http://app.invalid"

/** Browsers read a backslash as a slash and drop tabs and newlines inside URLs: refuse them all. */
const hasUnsafeCharacter = (value: string): boolean =>
  Array.from(value).some((c) => {
    const code = c.charCodeAt(0)
    return c === "\\" || code < 0x20 || code === 0x7f
  })

/** `//host` and `/\host` are another origin to a browser. */
const leavesOrigin = (value: string): boolean => /^[/\\]{2}/.test(value)

/**
 * The same text decoded until it no longer changes (`%252F` → `%2F` → `/`); null when it never settles or is
 * not valid percent-encoding. A router or proxy that decodes once more must not find a way out either.
 */
function decodings(value: string): string[] | null {
  const forms = [value]
  for (let round = 0; round < 3; round++) {
    const last = forms[forms.length - 1] ?? value
    let next: string
    try {
      next = decodeURIComponent(last)
    } catch {
      return null
    }
    if (next === last) return forms
    forms.push(next)
  }
  return null
}

/**
 * The path, normalised (`/a/../b` → `/b`), when `raw` is a path of this app; null for anything else: other
 * origins (`//host`, `/\host`, `https://…`), schemes (`javascript:`, `data:`), control characters, whitespace,
 * and encoded or dot-segment forms of those (`/%2F%2Fhost`, `/%5Chost`, `/.//host`, `/%2e%2e//host`).
 */
export function appPath(raw: string): string | null {
  if (!raw.startsWith("/") || raw.length > APP_PATH_MAX_LENGTH) return null
  if (leavesOrigin(raw) || hasUnsafeCharacter(raw) || /\s/.test(raw)) return null
  const forms = decodings(raw)
  if (!forms || forms.some((form) => leavesOrigin(form) || hasUnsafeCharacter(form))) return null
  let url: URL
  try {
    url = new URL(raw, BASE)
  } catch {
    return null
  }
  if (url.origin !== BASE) return null
  const path = `${url.pathname}${url.search}${url.hash}`
  // Dot segments can turn `/.//host` into `//host`.
  if (leavesOrigin(path) || leavesOrigin(url.pathname)) return null
  const normalised = decodings(path)
  if (!normalised || normalised.some((form) => leavesOrigin(form) || hasUnsafeCharacter(form))) return null
  return path
}

export const isAppPath = (raw: string): boolean => appPath(raw) !== null
