// fast-check generators for hostile requests: values that are wrong in type, size, encoding or intent, and
// mutations of valid bodies (so that most cases get past JSON parsing and reach the code behind it).
import { Arbitrary, Effect, Schema } from "effect"
import fc from "fast-check"

/**
 * Cases per endpoint: 500 in CI (CI=true); FUZZ_RUNS locally (default 100). At 1,000 the three route suites
 * took 27 of CI's minutes on 2 cores; `FUZZ_RUNS=1000` still runs them at that strength by hand.
 */
export const FUZZ_RUNS =
  process.env.CI === "true" && process.env.FUZZ_RUNS === undefined
    ? 500
    : Math.max(1, Number(process.env.FUZZ_RUNS ?? 100) || 100)

/** Long enough for 1,000 cases (FUZZ_RUNS=1000) of the slowest endpoint on a loaded 2-core machine. */
export const FUZZ_TIMEOUT_MS = 15 * 60_000

const ODD_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\udfff\ud800",
  "\u202e\u200b",
  "\r\n\t",
  "' or 1=1 --",
  '"; drop table app_user; --',
  "../../etc/passwd",
  "%00",
  "%",
  "%zz",
  "$" + "{jndi:ldap://x}",
  "<script>alert(1)</script>",
  "javascript:alert(1)",
  "//evil.example",
  "__proto__",
  "constructor",
  "null",
  "true",
  "1e309",
  "NaN",
  "-1",
  "0",
  "9".repeat(400),
  "x".repeat(5000),
  "🙂".repeat(300),
]

export const oddString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary-ascii", maxLength: 20 }),
  fc.constantFrom(...ODD_STRINGS),
)

export const oddNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.double(),
  // Either side of PostgreSQL's integer and bigint ranges, and anything up to 2^53.
  fc.integer({ min: 2 ** 31 - 2, max: 2 ** 31 + 1 }),
  fc.maxSafeInteger(),
  fc.constantFrom(
    -1,
    0,
    -0,
    1.5,
    2 ** 31 - 1,
    2 ** 31,
    2 ** 53,
    2 ** 53 + 2,
    1e308,
    -1e308,
    Number.MIN_VALUE,
  ),
)

export const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: oddString },
  { weight: 3, arbitrary: oddNumber },
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(oddString, oddNumber), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), oddString, { maxKeys: 3 }),
  fc.jsonValue({ maxDepth: 2 }),
)

const ODD_KEYS = ["__proto__", "constructor", "prototype", "", "id", "user_category", "is_admin", "$where"]

// ─── Mutations of a valid value ─────────────────────────────────────────────────────────────────────────

type Path = readonly string[]

/** Every key path of a JSON value (objects and arrays), down to `depth`. */
function pathsOf(value: unknown, depth = 3, prefix: Path = []): Path[] {
  if (depth === 0 || typeof value !== "object" || value === null) return []
  return Object.keys(value).flatMap((key) => {
    const path = [...prefix, key]
    return [path, ...pathsOf((value as Record<string, unknown>)[key], depth - 1, path)]
  })
}

export type Mutation =
  | { readonly op: "set"; readonly at: number; readonly value: unknown }
  | { readonly op: "delete"; readonly at: number }
  | { readonly op: "add"; readonly at: number; readonly key: string; readonly value: unknown }

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constant("set" as const), at: fc.nat(), value: oddValue }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("delete" as const), at: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant("add" as const),
      at: fc.nat(),
      key: fc.oneof(fc.constantFrom(...ODD_KEYS), fc.string({ maxLength: 12 })),
      value: oddValue,
    }),
  },
)

/**
 * An own key, as JSON.parse would make it. An array's `length` cannot be redefined (fast-check's strings do
 * draw "length"), and no JSON text could give an array such a key: that mutation is left out.
 */
const defineOwn = (target: object, key: string, value: unknown) => {
  if (Object.getOwnPropertyDescriptor(target, key)?.configurable === false) return
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
}

/** Applies mutations to a copy; `__proto__` and friends become own keys, as JSON.parse would make them. */
export function mutate(value: unknown, mutations: readonly Mutation[]): unknown {
  const root: { value: unknown } = { value: structuredClone(value) }
  for (const m of mutations) {
    const paths: Path[] = [[], ...pathsOf(root.value)]
    const path = paths[m.at % paths.length] ?? []
    if (path.length === 0) {
      if (m.op === "set") root.value = m.value
      else if (m.op === "add" && typeof root.value === "object" && root.value !== null)
        defineOwn(root.value, m.key, m.value)
      continue
    }
    let parent: unknown = root.value
    for (const key of path.slice(0, -1)) parent = (parent as Record<string, unknown>)[key]
    if (typeof parent !== "object" || parent === null) continue
    const last = path[path.length - 1] ?? ""
    if (m.op === "set") defineOwn(parent, last, m.value)
    else if (m.op === "delete") delete (parent as Record<string, unknown>)[last]
    else {
      const target = (parent as Record<string, unknown>)[last]
      if (typeof target === "object" && target !== null) defineOwn(target, m.key, m.value)
      else defineOwn(parent, m.key, m.value)
    }
  }
  return root.value
}

// ─── Valid values from the wire schemas ─────────────────────────────────────────────────────────────────

/** A schema of the wire: it encodes without any service, so its samples can be sent as they are. */
export type WireSchema = Schema.Top & { readonly EncodingServices: never }

/** `count` encoded (wire-form) values of a schema, from Effect's schema-derived generator. */
export async function samplesOf(schema: WireSchema, count = 60): Promise<unknown[]> {
  const values = await Effect.runPromise(Arbitrary.sampleEffect(Arbitrary.schema(schema), { count }))
  const encode = Schema.encodeSync(schema)
  return values.map((v) => encode(v))
}

// ─── Bodies, queries, path parameters ───────────────────────────────────────────────────────────────────

const deepNest = `${"[".repeat(5000)}${"]".repeat(5000)}`

/** A raw request body: mostly mutated valid JSON, sometimes valid, sometimes anything at all. */
export function bodyArb(valid: fc.Arbitrary<unknown>): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    {
      weight: 5,
      arbitrary: fc
        .tuple(valid, fc.array(mutation, { minLength: 1, maxLength: 3 }))
        .map(([v, ms]) => JSON.stringify(mutate(v, ms)) ?? "null"),
    },
    { weight: 3, arbitrary: valid.map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.string({ unit: "binary-ascii", maxLength: 60 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        undefined,
        "",
        "null",
        "[]",
        "{}",
        '{"__proto__":{"admin":true}}',
        '{"constructor":{"prototype":{"admin":true}}}',
        deepNest,
        '{"a":1,"a":2}',
        "\ufeff{}",
        '"\\ud800"',
      ),
    },
  )
}

const encode = (s: string): string => {
  try {
    return encodeURIComponent(s)
  } catch {
    // A lone surrogate cannot be percent-encoded as UTF-8: send its escape form instead.
    return encodeURIComponent(JSON.stringify(s))
  }
}

/** `?a=1&b=2` from a record whose values are strings, arrays (repeated keys) or anything else. */
function toQuery(value: unknown): string {
  if (typeof value !== "object" || value === null) return encode(String(value))
  const parts: string[] = []
  for (const [key, v] of Object.entries(value)) {
    const items = Array.isArray(v) ? v : [v]
    for (const item of items)
      parts.push(`${encode(key)}=${encode(typeof item === "string" ? item : (JSON.stringify(item) ?? ""))}`)
  }
  return parts.join("&")
}

/** A query string (without `?`): valid ones, mutated ones, and raw text that may be badly encoded. */
export function queryArb(valid: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: valid.map(toQuery) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(valid, fc.array(mutation, { minLength: 1, maxLength: 3 }))
        .map(([v, ms]) => toQuery(mutate(v, ms))),
    },
    {
      weight: 1,
      arbitrary: fc.string({ unit: "grapheme-ascii", maxLength: 40 }).map((s) => s.replace(/#/g, "")),
    },
    { weight: 1, arbitrary: fc.constantFrom("", "page=1&page=2", "page[]=1", "%zz=1", "a=%E0%A4%A", "=&=&") },
  )
}

/** A path segment: one of the known good values, or something that is not. Already percent-encoded. */
export function segmentArb(known: readonly string[]): fc.Arbitrary<string> {
  const good = known.length > 0 ? [{ weight: 5, arbitrary: fc.constantFrom(...known) }] : []
  return fc.oneof(
    ...good,
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.integer().map(String) },
    { weight: 2, arbitrary: oddString.filter((s) => s.length > 0).map(encode) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "%zz",
        "%2e%2e",
        "a%2Fb",
        "%00",
        "0",
        "-1",
        "1.5",
        "2147483648",
        "99999999999999999999",
        "00000000-0000-0000-0000-000000000000",
        "%F0%9F%98%80",
      ),
    },
  )
}
