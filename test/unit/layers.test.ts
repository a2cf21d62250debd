import { spawnSync } from "node:child_process"
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join, resolve } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

// The layers are enforced by Biome (biome.json's overrides, noRestrictedImports per folder), so a violation
// fails `npm test` at its lint step. These tests lint small probe files laid out like the repository, under the
// repository's own biome.json, and check that each rule refuses what it should and lets through what it should.

const PROBES: Record<string, string> = {
  "src/machines/live/effects.ts":
    'import { Api } from "../../effects/system/api-client"\nexport const a = Api\n',
  "src/machines/live/views.ts":
    'import { Bell } from "../../views/notifications/Bell"\nexport const b = Bell\n',
  "src/machines/live/react.ts": 'import { useState } from "react"\nexport const c = useState\n',
  "src/machines/live/runtime.ts": 'import { Effect } from "effect"\nexport const d = Effect.void\n',
  "src/machines/live/allowed.ts":
    'import { Schema } from "effect"\nimport { User } from "../../schema/auth/auth"\nexport const e = [Schema, User]\n',
  "src/views/notifications/Component.tsx":
    'import { toast } from "../../effects/shell/toasts"\nexport const f = toast\n',
  "src/views/notifications/bell-hooks.ts":
    'import { toast } from "../../effects/shell/toasts"\nexport const g = toast\n',
  "src/views/notifications/helper.ts":
    'import { toast } from "../../effects/shell/toasts"\nexport const o = toast\n',
  "src/effects/live/views.ts":
    'import { Bell } from "../../views/notifications/Bell"\nexport const h = Bell\n',
  "src/schema/live/xstate.ts": 'import { setup } from "xstate"\nexport const i = setup\n',
  "server/http/machines.ts":
    'import { authMachine } from "../../src/machines/auth/auth.machine"\nexport const j = authMachine\n',
  "server/http/schema.ts": 'import { User } from "../../src/schema/auth/auth"\nexport const k = User\n',
  "src/effects/system/http-api.ts":
    'import { httpApi } from "../../schema/api/http-api"\nexport const l = httpApi\n',
  "src/effects/system/effect-http-api.ts":
    'import { OpenApi } from "effect/http-api"\nexport const m = OpenApi\n',
  "src/effects/auth/api-records.ts":
    'import { authApi } from "../../schema/api/auth"\nexport const n = authApi\n',
}

const dir = mkdtempSync(join(tmpdir(), "layers-"))
let refused = new Set<string>()

beforeAll(() => {
  // The probe folder is no git checkout: Biome must not look for one.
  const config = JSON.parse(readFileSync("biome.json", "utf8")) as Record<string, unknown>
  writeFileSync(join(dir, "biome.json"), JSON.stringify({ ...config, vcs: { enabled: false } }))
  for (const [path, source] of Object.entries(PROBES)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), source)
  }
  const run = spawnSync(
    resolve("node_modules/.bin/biome"),
    [
      "lint",
      "--only=style/noRestrictedImports",
      "--reporter=json",
      "--max-diagnostics=none",
      "src",
      "server",
    ],
    { cwd: dir, encoding: "utf8" },
  )
  const report = JSON.parse(run.stdout) as { diagnostics: Array<{ location: { path: string } }> }
  refused = new Set(report.diagnostics.map((d) => d.location.path))
}, 60_000)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe("layer rules", () => {
  it("machines import nothing from effects, views or React, and run no Effect program", () => {
    for (const probe of ["effects", "views", "react", "runtime"])
      expect(refused).toContain(`src/machines/live/${probe}.ts`)
    // The wire schema and Schema itself are what machines may use.
    expect(refused).not.toContain("src/machines/live/allowed.ts")
  })

  it("components, and the plain modules beside them, reach IO only through hooks", () => {
    expect(refused).toContain("src/views/notifications/Component.tsx")
    expect(refused).toContain("src/views/notifications/helper.ts")
    expect(refused).not.toContain("src/views/notifications/bell-hooks.ts")
  })

  it("effects never reach into views, and the schema depends on nothing of the app", () => {
    expect(refused).toContain("src/effects/live/views.ts")
    expect(refused).toContain("src/schema/live/xstate.ts")
  })

  it("effects call the API through its plain records, never through the HttpApi (the sign-in bundle)", () => {
    expect(refused).toContain("src/effects/system/http-api.ts")
    expect(refused).toContain("src/effects/system/effect-http-api.ts")
    expect(refused).not.toContain("src/effects/auth/api-records.ts")
  })

  it("the server imports only the wire schema from the client", () => {
    expect(refused).toContain("server/http/machines.ts")
    expect(refused).not.toContain("server/http/schema.ts")
  })
})
