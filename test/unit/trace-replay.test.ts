import { spawnSync } from "node:child_process"
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { type AnyStateMachine, createMachine } from "xstate"
import { MACHINES } from "../../scripts/trace-machines"
import { readTrace, replayTrace, TraceFileError } from "../../scripts/trace-replay"
import { authMachine } from "../../src/machines/auth/auth.machine"
import type { Trace } from "../../src/schema/support/trace"

// Every trace committed in test/traces/ (recorded in Chromium by scripts/record-traces.ts) replays against the
// real machines without a divergence; a tampered trace, or a changed machine, is caught at the exact step.

const DIR = "test/traces"
/** A trace in the first format (before the bus): replay still reads it and compares its states. */
const V1 = "test/fixtures/trace-v1-live-notification-read.json"
const files = readdirSync(DIR).filter((f) => f.endsWith(".json"))
const tmp = mkdtempSync(join(tmpdir(), "trace-replay-"))

const load = (name: string): Trace => readTrace(join(DIR, name))
const mutable = (trace: Trace) =>
  JSON.parse(JSON.stringify(trace)) as { events: Array<Record<string, unknown>> } & Trace

/** The auth actor's step that took it out of the silent refresh, in the sign-in trace. */
function silentRefreshDone(trace: Trace) {
  const auth = trace.actors.find((a) => a.systemId === "auth")
  const step = trace.events.find((e) => e.to === auth?.id && e.type === "xstate.done.actor.refreshToken")
  if (!auth || !step) throw new Error("the sign-in trace has no silent refresh of the auth actor")
  return { auth, step }
}

describe("committed traces", () => {
  it("are at least the three recorded scenarios", () => {
    expect(files).toEqual(
      expect.arrayContaining([
        "sign-in-silent-refresh.json",
        "live-notification-read.json",
        "refresh-401-queued.json",
      ]),
    )
  })

  for (const file of files) {
    it(`${file} replays with no divergence`, () => {
      const result = replayTrace(load(file))
      const diverged = result.machines
        .filter((m) => m.divergence)
        .map((m) => `${m.label} at #${m.divergence?.seq}`)
      expect(diverged).toEqual([])
      expect(result.machines.filter((m) => m.skipped)).toEqual([])
      // The machines that matter in every scenario ran, step by step.
      const steps = new Map(result.machines.map((m) => [m.label, m.steps.length]))
      for (const name of ["app", "auth", "refresh", "socket", "notifications"])
        expect(steps.get(name) ?? 0).toBeGreaterThan(0)
    })
  }

  it("hold no token, password or cookie", () => {
    for (const file of files) {
      const text = readFileSync(join(DIR, file), "utf8")
      expect(text).not.toMatch(/eyJ[\w-]+\.[\w-]+\./)
      expect(text).not.toMatch(/demo-1/)
      expect(text).not.toMatch(
        /"(access|refresh|token|accessToken|password|fcm_token|push_token)": "(?!\[redacted\])/,
      )
    }
  })

  it("hold what each scenario is about", () => {
    const byType = (trace: Trace, label: string, type: string) => {
      const actor = trace.actors.find((a) => a.systemId === label)
      return trace.events.filter((e) => e.to === actor?.id && e.type === type)
    }
    expect(
      byType(load("sign-in-silent-refresh.json"), "auth", "xstate.done.actor.refreshToken"),
    ).toHaveLength(1)
    const live = load("live-notification-read.json")
    expect(byType(live, "notifications", "notifications.live")).toHaveLength(1)
    expect(byType(live, "notifications", "notifications.markRead")).toHaveLength(1)
    expect(byType(live, "notifications", "xstate.done.actor.write")).toHaveLength(1)
    // Two or more requests waited on one refresh: every request came in while it was still running.
    const queued = load("refresh-401-queued.json")
    const requested = byType(queued, "refresh", "refresh.requested")
    expect(requested.length).toBeGreaterThanOrEqual(2)
    expect(requested.every((e) => e.state === "refreshing")).toBe(true)
    expect(byType(queued, "refresh", "xstate.done.actor.refreshToken")).toHaveLength(1)
  })
})

describe("a trace that does not match the machines", () => {
  it("reports the step where a tampered recording diverges, and nothing before it", () => {
    const trace = mutable(load("sign-in-silent-refresh.json"))
    const { auth, step } = silentRefreshDone(trace)
    const event = trace.events.find((e) => e.seq === step.seq)
    if (event) event.state = { UNAUTHENTICATED: "idle" }
    const result = replayTrace(trace, "auth")
    const replay = result.machines[0]
    expect(result.diverged).toBe(true)
    expect(replay?.actor.id).toBe(auth.id)
    expect(replay?.divergence).toMatchObject({
      seq: step.seq,
      expected: { UNAUTHENTICATED: "idle" },
      actual: { AUTHENTICATED: { fetchingProfile: "attempt1" } },
    })
    expect(replay?.steps.slice(0, -1).every((s) => s.ok)).toBe(true)
  })

  it("diverges when a machine's behaviour changed since the recording", () => {
    // The real auth machine with one change: a successful silent refresh now ends in ERROR.
    const config = authMachine.config
    const loading = config.states?.LOADING
    const changed: AnyStateMachine = createMachine(
      {
        ...config,
        states: {
          ...config.states,
          LOADING: {
            ...loading,
            states: {
              ...loading?.states,
              silentRefresh: { invoke: { id: "refreshToken", src: "refreshToken", onDone: "#auth.ERROR" } },
            },
          },
        },
      } as never,
      authMachine.implementations as never,
    )
    const trace = load("sign-in-silent-refresh.json")
    const { step } = silentRefreshDone(trace)
    const machines = new Map(MACHINES).set("auth", changed)
    const replay = replayTrace(trace, "auth", machines).machines[0]
    expect(replay?.divergence).toMatchObject({ seq: step.seq, actual: "ERROR" })
    // The unchanged machine replays the same trace cleanly: the divergence is the change's, not the harness's.
    expect(replayTrace(trace, "auth").diverged).toBe(false)
  })

  it("says when a recorded child is not running in the replayed machine", () => {
    const trace = mutable(load("sign-in-silent-refresh.json"))
    const { step } = silentRefreshDone(trace)
    // Deliver the silent refresh's outcome twice: the second time the machine has no refreshToken child.
    const again = { ...trace.events.find((e) => e.seq === step.seq), seq: 100_000 }
    trace.events.push(again)
    const result = replayTrace(trace, "auth")
    expect(result.machines[0]?.divergence).toMatchObject({ seq: 100_000 })
    expect(result.machines[0]?.divergence?.problem).toContain('no running child "refreshToken"')
  })
})

describe("published facts", () => {
  it("are recorded per step, and the bus's deliveries name the publication as their cause", () => {
    const trace = load("live-notification-read.json")
    const socket = trace.actors.find((a) => a.systemId === "socket")
    const bus = trace.actors.find((a) => a.systemId === "bus")
    const received = trace.events.find(
      (e) =>
        e.to === socket?.id &&
        (e.facts ?? []).some((f) => (f as { type?: string }).type === "socket.received"),
    )
    expect(received, "the socket published the live frame").toBeDefined()
    const publish = trace.events.find(
      (e) => e.to === bus?.id && e.type === "bus.publish" && e.seq > (received?.seq ?? 0),
    )
    const delivered = trace.events.filter((e) => e.cause === publish?.seq && e.from === bus?.id)
    expect(delivered.map((e) => e.type)).toContain("notifications.connected")
  })

  it("mark a divergence when a machine publishes other facts than recorded", () => {
    const trace = mutable(load("sign-in-silent-refresh.json"))
    const auth = trace.actors.find((a) => a.systemId === "auth")
    const step = trace.events.find((e) => e.to === auth?.id && Array.isArray(e.facts) && e.facts.length > 0)
    if (!step) throw new Error("the sign-in trace has no fact published by auth")
    step.facts = [{ type: "session.signedOut" }]
    const replay = replayTrace(trace, "auth").machines[0]
    expect(replay?.divergence).toMatchObject({
      seq: step.seq,
      expectedFacts: [{ type: "session.signedOut" }],
    })
    expect(replay?.divergence?.problem).toBe("the facts it published differ from the recorded ones")
    expect(replay?.steps.slice(0, -1).every((s) => s.ok)).toBe(true)
  })

  it("are not compared for a version-1 trace, which recorded none", () => {
    const trace = readTrace(V1)
    expect(trace.version).toBe(1)
    const replay = replayTrace(trace, "auth").machines[0]
    expect(replay?.divergence).toBeNull()
    expect(replay?.steps.every((s) => s.expectedFacts === undefined)).toBe(true)
  })
})

describe("npm run replay", () => {
  // Each run starts Node with tsx and the app's machines: seconds alone, but the four runs of one test took
  // over a minute on a shared 2-core machine.
  const RUNS_TIMEOUT_MS = 300_000
  const run = (...args: string[]) =>
    spawnSync(process.execPath, ["--import", "tsx", "scripts/replay.ts", ...args], { encoding: "utf8" })

  it(
    "prints every step with its state and exits 0 on a matching trace",
    () => {
      const out = run(join(DIR, "sign-in-silent-refresh.json"), "--machine", "auth")
      expect(out.status).toBe(0)
      expect(out.stdout).toMatch(
        /xstate\.done\.actor\.refreshToken ← refreshToken\s+AUTHENTICATED\.fetchingProfile\.attempt1/,
      )
      expect(out.stdout).toContain("every state and published fact matched the recording")
    },
    RUNS_TIMEOUT_MS,
  )

  it(
    "reads a version-1 trace, says that it recorded no facts, and compares its states",
    () => {
      const out = run(V1, "--machine", "auth")
      expect(out.status).toBe(0)
      expect(out.stdout).toContain(
        "Format version 1: published facts were not recorded, so only states are compared.",
      )
      expect(out.stdout).toContain("every state matched the recording")
    },
    RUNS_TIMEOUT_MS,
  )

  it(
    "marks the diverging step and exits 1 on a tampered trace",
    () => {
      const trace = mutable(load("sign-in-silent-refresh.json"))
      const { step } = silentRefreshDone(trace)
      const event = trace.events.find((e) => e.seq === step.seq)
      if (event) event.state = "ERROR"
      const file = join(tmp, "tampered.json")
      writeFileSync(file, JSON.stringify(trace))
      const out = run(file)
      expect(out.status).toBe(1)
      expect(out.stdout).toMatch(new RegExp(`#${step.seq}\\s.*✗ DIVERGED`))
      expect(out.stdout).toContain("recorded: ERROR")
      expect(out.stdout).toContain(`auth diverged at step #${step.seq}`)
    },
    RUNS_TIMEOUT_MS,
  )

  it(
    "refuses a file that is not a trace with a clear message and exit 2",
    () => {
      const notJson = join(tmp, "not.json")
      writeFileSync(notJson, "{ nope")
      const wrong = join(tmp, "wrong.json")
      const trace = JSON.parse(readFileSync(join(DIR, files[0] ?? ""), "utf8")) as Record<string, unknown>
      writeFileSync(wrong, JSON.stringify({ ...trace, version: 99 }))
      const a = run(notJson)
      expect(a.status).toBe(2)
      expect(a.stderr).toContain("is not JSON")
      const b = run(wrong)
      expect(b.status).toBe(2)
      expect(b.stderr).toMatch(/is not a support trace: version: /)
      const c = run(join(tmp, "missing.json"))
      expect(c.status).toBe(2)
      expect(c.stderr).toContain("Cannot read")
      expect(() => readTrace(wrong)).toThrow(TraceFileError)
      const d = run(join(DIR, "sign-in-silent-refresh.json"), "--machine", "nosuch")
      expect(d.status).toBe(2)
      expect(d.stderr).toMatch(/No machine "nosuch" in this trace; it has: .*auth/)
    },
    RUNS_TIMEOUT_MS,
  )
})
