// The one redaction every support path goes through (the panel's log and actor list, the exported trace): it
// turns anything an actor holds into plain JSON with the secrets taken out. Secrets are found by key (access and
// refresh tokens, passwords, push tokens, cookies, authorization headers) at any depth and in any spelling, and
// by shape inside any string (a JWT, a bearer header, `token=…` in a URL or a cookie string).

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

export const REDACTED = "[redacted]"

const MAX_DEPTH = 24

/** Keys compared without case, `_` or `-`: accessToken, access_token and ACCESS-TOKEN are one key. */
const normalise = (key: string): string => key.toLowerCase().replace(/[^a-z0-9]/g, "")
const SECRET_KEYS = new Set(["access", "refresh", "jwt", "bearer", "fcm", "credentials"])
const SECRET_PARTS = ["password", "passwd", "cookie", "secret", "authorization"]

export function isSecretKey(key: string): boolean {
  const k = normalise(key)
  return (
    SECRET_KEYS.has(k) ||
    k.endsWith("token") ||
    k.endsWith("tokens") ||
    SECRET_PARTS.some((p) => k.includes(p))
  )
}

const JWT = /\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g
const BEARER = /\b(Bearer)\s+[^\s"',;]+/gi
const PAIR = /\b([\w-]*(?:token|password|passwd|secret|cookie|refresh)[\w-]*)=([^&;\s"']+)/gi

export function redactString(value: string): string {
  return value.replace(JWT, REDACTED).replace(BEARER, `$1 ${REDACTED}`).replace(PAIR, `$1=${REDACTED}`)
}

type Ref = { sessionId: string; send: unknown }
const isActorRef = (v: object): v is Ref =>
  typeof (v as Partial<Ref>).sessionId === "string" && typeof (v as Partial<Ref>).send === "function"
const isLogic = (v: object): boolean =>
  typeof (v as { transition?: unknown }).transition === "function" &&
  typeof (v as { getInitialSnapshot?: unknown }).getInitialSnapshot === "function"

/** A secret value is replaced, never dropped: a null stays null, so "was there a token" survives redaction. */
const hide = (value: unknown): Json =>
  value === null || value === undefined || value === "" ? null : REDACTED

/** Plain JSON without secrets. Actors become `{$actor: sessionId}`, actor logic `{$logic: id}`. */
export function redact(value: unknown): Json {
  const seen = new WeakSet<object>()
  const walk = (v: unknown, depth: number): Json => {
    switch (typeof v) {
      case "string":
        return redactString(v)
      case "number":
        return Number.isFinite(v) ? v : String(v)
      case "boolean":
        return v
      case "bigint":
        return v.toString()
      case "function":
        return "[function]"
      case "undefined":
      case "symbol":
        return null
    }
    if (v === null) return null
    const object = v as object
    if (isActorRef(object)) return { $actor: object.sessionId }
    if (isLogic(object)) {
      const id = (object as { id?: unknown }).id
      return { $logic: typeof id === "string" ? id : "logic" }
    }
    if (depth >= MAX_DEPTH) return "[too deep]"
    if (seen.has(object)) return "[circular]"
    seen.add(object)
    try {
      if (object instanceof Date) return Number.isNaN(object.getTime()) ? null : object.toISOString()
      if (Array.isArray(object)) return object.map((item) => walk(item, depth + 1))
      if (object instanceof Map) return walk(Object.fromEntries(object), depth)
      if (object instanceof Set) return walk([...object], depth)
      const out: { [key: string]: Json } = {}
      if (object instanceof Error) {
        out.name = object.name
        out.message = redactString(object.message)
      }
      for (const [key, item] of Object.entries(object)) {
        if (item === undefined) continue
        out[redactString(key)] = isSecretKey(key) ? hide(item) : walk(item, depth + 1)
      }
      return out
    } finally {
      seen.delete(object)
    }
  }
  return walk(value, 0)
}
