import { existsSync, readdirSync } from "node:fs"
import { basename, join, sep } from "node:path"
import { describe, expect, it } from "vitest"

// One feature, one folder name in every layer (docs/architecture.md#features): a behaviour is found by its
// name in src/machines, src/effects, src/views, src/schema and test/model alike. These tests name every file
// that strays, so that a new file lands in the layout rather than beside it.

/** The features, the same in every layer. A new one is added here and to docs/architecture.md's table. */
const FEATURES = [
  "accounts",
  "auth",
  "dashboard",
  "exports",
  "documents",
  "live",
  "marketplace",
  "notifications",
  "preferences",
  "profile",
  "push",
  "reports",
  "shell",
  "support",
  "system",
  "tabs",
] as const

const LAYERS = ["src/machines", "src/effects", "src/views", "src/schema"] as const

/**
 * Folders of a layer that are not a feature, each for a reason:
 * - src/schema/api: the API description, one file per endpoint group, read whole by the server's HttpApi and
 *   the OpenAPI page; its groups follow the API's URLs, not the client's features.
 * - src/views/shared: the UI kit (dialog frame, spinner, failure card, icons) every feature's pages draw with.
 */
const NOT_FEATURES: Readonly<Record<string, string>> = {
  "src/schema/api": "the API description",
  "src/views/shared": "the UI kit",
}

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).split(sep).join("/"))
    .sort()

/** Why a file of a layer is out of place, or null when it sits in a feature folder. */
function misplaced(layer: string, file: string): string | null {
  const rest = file.slice(layer.length + 1).split("/")
  const folder = `${layer}/${rest[0]}`
  if (folder in NOT_FEATURES) return null
  if (rest.length === 1) return `${file} sits at the top of ${layer}: move it into ${layer}/<feature>/`
  if (!(FEATURES as ReadonlyArray<string>).includes(rest[0] ?? ""))
    return `${file} is in ${folder}, which is no feature (${FEATURES.join(", ")})`
  if (rest.length > 2) return `${file} is nested below its feature folder ${folder}: keep one level`
  return null
}

describe("feature folders", () => {
  it("every file of src/machines, src/effects, src/views and src/schema sits in a feature folder", () => {
    // src/constants.ts and src/main.tsx stay at the top of src: the app's one constants module, and the entry
    // that starts the app; neither belongs to a layer.
    expect(LAYERS.flatMap((layer) => filesUnder(layer).flatMap((f) => misplaced(layer, f) ?? []))).toEqual([])
    expect(readdirSync("src").filter((f) => !f.startsWith("."))).toEqual([
      "constants.ts",
      "effects",
      "machines",
      "main.tsx",
      "schema",
      "views",
    ])
  })

  it("finds a file that strays (the check itself can fail)", () => {
    expect(misplaced("src/machines", "src/machines/loose.machine.ts")).toContain("sits at the top")
    expect(misplaced("src/effects", "src/effects/misc/x.actors.ts")).toContain("which is no feature")
    expect(misplaced("src/views", "src/views/shell/deep/X.tsx")).toContain("nested")
    expect(misplaced("src/schema", "src/schema/api/auth.ts")).toBeNull()
    expect(misplaced("src/views", "src/views/shell/Sidebar.tsx")).toBeNull()
  })

  it("an adapter and its machine share a base name and a feature", () => {
    const strays = filesUnder("src/effects")
      .filter((f) => f.endsWith(".actors.ts"))
      .filter(
        (f) =>
          !existsSync(f.replace("src/effects/", "src/machines/").replace(/\.actors\.ts$/, ".machine.ts")),
      )
    expect(strays, "each x.actors.ts provides src/machines/<feature>/x.machine.ts").toEqual([])
  })

  it("a machine's path tests sit in the same feature folder under test/model", () => {
    const machines = filesUnder("src/machines").filter((f) => f.endsWith(".machine.ts"))
    const strays = filesUnder("test/model")
      .filter((f) => f.endsWith(".paths.test.ts"))
      .filter(
        (f) =>
          !machines.includes(
            f.replace("test/model/", "src/machines/").replace(/\.paths\.test\.ts$/, ".machine.ts"),
          ),
      )
    expect(
      strays,
      "test/model/<feature>/x.paths.test.ts replays src/machines/<feature>/x.machine.ts",
    ).toEqual([])
  })

  it("no file name means two different things in two layers", () => {
    const owners = new Map<string, string[]>()
    for (const layer of LAYERS)
      for (const file of filesUnder(layer))
        owners.set(basename(file), [...(owners.get(basename(file)) ?? []), file])
    const shared = [...owners.values()].filter((files) => new Set(files.map((f) => f.split("/")[1])).size > 1)
    expect(shared).toEqual([])
  })
})
