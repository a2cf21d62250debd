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

/**
 * PostgreSQL text cannot hold U+0000: such a string would pass any Schema and then fail in the database as a 500.
 * Returns the path of the first string (or key) holding one.
 */
function findNul(input: unknown): readonly string[] | null {
  // Iterative, with paths as parent links: a 64 KB body can nest tens of thousands deep, too deep for
  // recursion and too deep to copy a path array at every level.
  type Path = { readonly key: string; readonly parent: Path } | null
  const toArray = (path: Path): string[] => {
    const keys: string[] = []
    for (let at = path; at; at = at.parent) keys.push(at.key)
    return keys.reverse()
  }
  const stack: Array<readonly [unknown, Path]> = [[input, null]]
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [value, path] = next
    if (typeof value === "string" && value.includes("\u0000")) return toArray(path)
    if (typeof value !== "object" || value === null) continue
    for (const [key, item] of Object.entries(value)) {
      if (key.includes("\u0000")) return toArray(path)
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
  const nul = findNul(value)
  if (nul) throw invalid(`${nul.length > 0 ? `${nul.join(".")}: ` : ""}Text must not contain NUL characters.`)
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
