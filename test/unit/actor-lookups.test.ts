import { readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"

// Actors find each other through the registry's typed lookup (src/machines/system/registry.ts), never by a string
// systemId and a cast of their own: a cast compiles whatever the actor really is, and that is how a renamed
// field or a wrong machine slipped through before.

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : []
  })
}

const sources = files("src").map((path) => ({ path, text: readFileSync(path, "utf8") }))

/** Every line of src matching the pattern, as "path:line: text". */
const offending = (pattern: RegExp, allowed: ReadonlyArray<string> = []) =>
  sources
    .filter((f) => !allowed.includes(f.path))
    .flatMap((f) =>
      f.text
        .split("\n")
        .flatMap((line, i) => (pattern.test(line) ? [`${f.path}:${i + 1}: ${line.trim()}`] : [])),
    )

describe("actor lookups", () => {
  it("casts no actor reference anywhere in src", () => {
    expect(offending(/\bas\s+(Actor|ActorRef|ActorRefFrom|AnyActorRef|ActorRefLike)\b/)).toEqual([])
    expect(offending(/\.get\([^)]*\)\s+as\s/)).toEqual([])
    expect(offending(/getSnapshot\(\)\??\.context\s+as\s/)).toEqual([])
  })

  it("reads the actor system by systemId only in the registry, and in the bus that delivers by the table", () => {
    expect(
      offending(/\bsystem\.get\(/, [
        join("src", "machines", "system", "registry.ts"),
        join("src", "machines", "system", "bus.machine.ts"),
      ]),
    ).toEqual([])
  })

  it("finds the pattern it looks for (the check itself can fail)", () => {
    const sample = 'const auth = system.get("auth") as ActorRefFrom<typeof authMachine>'
    expect(/\bas\s+(Actor|ActorRef|ActorRefFrom|AnyActorRef|ActorRefLike)\b/.test(sample)).toBe(true)
    expect(/\.get\([^)]*\)\s+as\s/.test(sample)).toBe(true)
  })
})
