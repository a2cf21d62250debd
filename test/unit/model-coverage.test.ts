import { spawnSync } from "node:child_process"
import { mkdirSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { fromPromise, setup } from "xstate"
import { recorded, recordedActor } from "../model/coverage"
import { machineTotals } from "../model/coverage-graph"
import { compareCoverage, discoverMachines, formatCoverage, type Recorded } from "../model/coverage-report"
import { pending } from "../model/walk"

// The coverage gate itself: totals read from a machine's definition, what the recorder sees on a real actor,
// and the check that fails for a machine with anything untaken or with no path tests at all.

const outputOf = (event: unknown) => (event as { output?: unknown }).output
const child = setup({}).createMachine({ id: "coverageChild", initial: "only", states: { only: {} } })

const sample = setup({
  types: { events: {} as { type: "GO"; fast: boolean } | { type: "RESET" } },
  actors: { work: fromPromise<number>(() => Promise.reject(new Error("provided by the test"))), child },
  guards: { fast: ({ event }) => event.type === "GO" && event.fast },
}).createMachine({
  id: "coverageSample",
  initial: "idle",
  invoke: { src: "child" },
  on: { RESET: ".idle" },
  states: {
    idle: { on: { GO: [{ guard: "fast", target: "done" }, { target: "busy" }] } },
    busy: {
      invoke: { id: "work", src: "work", onDone: "check", onError: "idle" },
      after: { 1000: "idle" },
    },
    // Eventless: its guards read the event that led here, the work's outcome.
    check: { always: [{ guard: ({ event }) => outputOf(event) === 7, target: "done" }, { target: "idle" }] },
    done: { type: "final" },
  },
})
const machine = sample.provide({ actors: { work: pending<number>() } })
const found = [{ id: "coverageSample", where: "inline", machine: sample }]

const snapshotOf = (id: string): Map<string, Recorded> => {
  const r = recorded(id)
  return new Map(r ? [[id, { states: new Set(r.states), transitions: new Set(r.transitions) }]] : [])
}
const run = (events: ReadonlyArray<{ type: string; [k: string]: unknown }>) => {
  const actor = recordedActor(machine).start()
  for (const e of events) actor.send(e as never)
  actor.stop()
}

describe("model coverage totals", () => {
  it("counts every state node and every transition definition once, guarded alternatives apart", () => {
    expect(machineTotals(sample)).toEqual({
      states: [
        "coverageSample",
        "coverageSample.idle",
        "coverageSample.busy",
        "coverageSample.check",
        "coverageSample.done",
      ],
      transitions: [
        "coverageSample: RESET → coverageSample.idle",
        "coverageSample.idle: GO #1 → coverageSample.done",
        "coverageSample.idle: GO #2 → coverageSample.busy",
        "coverageSample.busy: xstate.done.actor.work → coverageSample.check",
        "coverageSample.busy: xstate.error.actor.work → coverageSample.idle",
        "coverageSample.busy: xstate.after.1000.coverageSample.busy → coverageSample.idle",
        "coverageSample.check: always #1 → coverageSample.done",
        "coverageSample.check: always #2 → coverageSample.idle",
      ],
    })
  })
})

describe("model coverage recording and check", () => {
  it("fails while a state or a transition has not been taken, and names them", () => {
    run([
      { type: "GO", fast: false },
      { type: "xstate.done.actor.work", output: 1 },
    ])
    const [result] = compareCoverage(found, snapshotOf("coverageSample"))
    expect(result?.complete).toBe(false)
    expect(result?.states).toEqual({ covered: 4, total: 5, missing: ["coverageSample.done"] })
    // The eventless step out of `check` was taken on the way, the guarded one before it was not.
    expect(result?.transitions.covered).toBe(3)
    expect(result?.transitions.missing).toContain("coverageSample.check: always #1 → coverageSample.done")
    expect(result?.transitions.missing).not.toContain("coverageSample.check: always #2 → coverageSample.idle")
    expect(formatCoverage(result ? [result] : [])).toContain(
      "transition never taken: coverageSample: RESET → coverageSample.idle",
    )
  })

  it("passes once every state and transition was taken on the real actor", () => {
    run([{ type: "GO", fast: true }])
    run([
      { type: "GO", fast: false },
      { type: "xstate.error.actor.work", error: new Error("x") },
      { type: "RESET" },
    ])
    run([{ type: "GO", fast: false }, { type: "xstate.after.1000.coverageSample.busy" }])
    expect(compareCoverage(found, snapshotOf("coverageSample"))[0]?.transitions.missing).toEqual([
      "coverageSample.check: always #1 → coverageSample.done",
    ])
    run([
      { type: "GO", fast: false },
      { type: "xstate.done.actor.work", output: 7 },
    ])
    const [result] = compareCoverage(found, snapshotOf("coverageSample"))
    expect(result?.complete).toBe(true)
    expect(formatCoverage(result ? [result] : [])).toContain(
      "1 machines: states 5/5 (100%), transitions 8/8 (100%)",
    )
  })

  it("records the root actor only: a child machine is not covered by its parent's paths", () => {
    run([])
    expect(recorded("coverageSample")).toBeDefined()
    expect(recorded("coverageChild")).toBeUndefined()
  })
})

describe("model coverage gate over a folder of machines", () => {
  const dir = join("test-results", `coverage-fixture-${process.pid}`)
  const machines = join(dir, "machines")
  const results = join(dir, "results")
  mkdirSync(machines, { recursive: true })
  mkdirSync(results, { recursive: true })
  writeFileSync(
    join(machines, "lonely.machine.ts"),
    `import { fromCallback, setup } from "xstate"
export const lonelyMachine = setup({}).createMachine({
  id: "lonely", initial: "a", states: { a: { on: { GO: "b" } }, b: {} },
})
export const lonelyWatch = fromCallback(() => () => {})
`,
  )
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const cli = () =>
    spawnSync(
      "node",
      [
        "--import",
        "tsx",
        "scripts/model-coverage.ts",
        "--no-run",
        "--machines",
        machines,
        "--results",
        results,
      ],
      {
        encoding: "utf8",
      },
    )

  it("finds the machines of src/machines, and not the callback logic beside them", async () => {
    const all = await discoverMachines("src/machines")
    const ids = all.map((m) => m.id)
    for (const id of ["app", "auth", "session", "notifications", "socket", "dashboard", "selectProviders"])
      expect(ids).toContain(id)
    // The bus's listener and the socket's frame mapping sit beside machines without being machines.
    expect(all.some((m) => /^(system\/subscriptions|live\/socket-messages)\.ts/.test(m.where))).toBe(false)
    expect(all.find((m) => m.id === "socket")?.where).toBe("live/socket.machine.ts socketMachine")
    expect(ids).toContain("bus")
  })

  it("fails for a machine file that no path test replays", async () => {
    const lonely = await discoverMachines(machines)
    expect(lonely.map((m) => m.where)).toEqual(["lonely.machine.ts lonelyMachine"])
    const [result] = compareCoverage(lonely, new Map())
    expect(result).toMatchObject({ id: "lonely", hasPathTests: false, complete: false })
    const out = cli()
    expect(out.status).toBe(1)
    expect(out.stdout).toContain("lonely")
    expect(out.stdout).toContain("no path tests")
  }, 30_000)

  it("refuses a machine file that exports no machine", async () => {
    const hidden = join(dir, "hidden")
    mkdirSync(hidden, { recursive: true })
    writeFileSync(
      join(hidden, "secret.machine.ts"),
      `import { setup } from "xstate"
const secret = setup({}).createMachine({ id: "secret" })
export const secretId = secret.id
`,
    )
    await expect(discoverMachines(hidden)).rejects.toThrow(
      "secret.machine.ts creates a machine but exports none",
    )
  })

  it("passes the same folder once its machine's paths were recorded in full", () => {
    writeFileSync(
      join(results, "lonely.json"),
      JSON.stringify({
        lonely: { states: ["lonely", "lonely.a", "lonely.b"], transitions: ["lonely.a: GO → lonely.b"] },
      }),
    )
    const out = cli()
    expect(out.stdout).toContain("states 3/3 (100%), transitions 1/1 (100%)")
    expect(out.status).toBe(0)
  }, 30_000)
})
