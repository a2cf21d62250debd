// Crossing the wire: untrusted input becomes a typed value through the shared Schema, or a 400 naming the field;
// outgoing bodies are encoded by the same Schema.
import { Result, Schema, SchemaIssue } from "effect"
import { invalid } from "../errors"

const formatter = SchemaIssue.makeFormatterStandardSchemaV1()

export interface DecodeOptions {
  /** Unknown keys are rejected by default: a typo in a field name must not be silently ignored. */
  readonly allowExtraKeys?: boolean
}

/** "email: Expected string", "password: This field is required.", "is_admin: Unknown field." */
export function describeIssue(issue: SchemaIssue.Issue): string {
  const [first] = formatter(issue).issues
  if (!first) return "Invalid request body."
  const path = (first.path ?? []).map((segment) =>
    typeof segment === "object" && segment !== null && "key" in segment
      ? String(segment.key)
      : String(segment),
  )
  const message =
    first.message === "Missing key"
      ? "This field is required."
      : first.message === "Expected no excess property" || first.message.startsWith("Unexpected key")
        ? "Unknown field."
        : first.message
  return path.length > 0 ? `${path.join(".")}: ${message}` : message
}

const NUL_TEXT = "Text must not contain NUL characters."
const LONE_SURROGATE_TEXT = "Text must not contain half of a surrogate pair."
// In a /u pattern a whole pair is one code point, so only a half without its partner is a surrogate.
const LONE_SURROGATE = /\p{Surrogate}/u

/**
 * Text PostgreSQL cannot hold as sent: U+0000 fails the insert, and half of a UTF-16 surrogate pair is stored as
 * U+FFFD, so two strings that differ only there collide in a unique key. Either would pass any Schema and then
 * fail in the database as a 500. Returns the path of the first string (or key) holding one, and why.
 */
function findUnstorable(input: unknown): { readonly path: readonly string[]; readonly why: string } | null {
  // Iterative, with paths as parent links: a 64 KB body can nest tens of thousands deep, too deep for
  // recursion and too deep to copy a path array at every level.
  type Path = { readonly key: string; readonly parent: Path } | null
  const toArray = (path: Path): string[] => {
    const keys: string[] = []
    for (let at = path; at; at = at.parent) keys.push(at.key)
    return keys.reverse()
  }
  const problem = (text: string): string | null =>
    text.includes("\u0000") ? NUL_TEXT : LONE_SURROGATE.test(text) ? LONE_SURROGATE_TEXT : null
  const stack: Array<readonly [unknown, Path]> = [[input, null]]
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [value, path] = next
    const why = typeof value === "string" ? problem(value) : null
    if (why) return { path: toArray(path), why }
    if (typeof value !== "object" || value === null) continue
    // Pushed last to first, so the first problem in the body's order is the one named.
    for (const [key, item] of Object.entries(value).reverse()) {
      const keyWhy = problem(key)
      if (keyWhy) return { path: toArray(path), why: keyWhy }
      stack.push([item, { key, parent: path }])
    }
  }
  return null
}

export function decodeOr400<S extends Schema.ConstraintDecoder<unknown>>(
  schema: S,
  value: unknown,
  options: DecodeOptions = {},
): S["Type"] {
  const unstorable = findUnstorable(value)
  if (unstorable) {
    const { path, why } = unstorable
    throw invalid(`${path.length > 0 ? `${path.join(".")}: ` : ""}${why}`)
  }
  const result = Schema.decodeUnknownResult(schema, {
    onExcessProperty: options.allowExtraKeys ? "ignore" : "error",
  })(value)
  if (Result.isFailure(result)) throw invalid(describeIssue(result.failure.issue))
  return result.success
}

/** The outgoing body, through the same shared Schema. A failure here is a server bug, hence a 500. */
export const encodeBody = <S extends Schema.ConstraintEncoder<unknown>>(
  schema: S,
  value: S["Type"],
): S["Encoded"] => Schema.encodeSync(schema)(value)
