import { describe, expect, it, vi } from "vitest"
import { createActor, fromPromise } from "xstate"
import { getShortestPaths } from "xstate/graph"
import { FINDING } from "../../../src/constants"
import {
  PALETTE_SEARCH_FAILED,
  type PaletteContext,
  type PaletteEvent,
  paletteMachine,
} from "../../../src/machines/shell/palette.machine"
import type { SearchResult } from "../../../src/schema/shell/search"
import { recordedActor } from "../coverage"
import { describeEvent, getEdgePaths, pathEvents, pending, WHOLE_GRAPH_TIMEOUT_MS } from "../walk"

// The real palette machine, its server search a pending fake whose outcomes (and the debounce's delay) are
// events of the walk.

const TAP: SearchResult = {
  kind: "work_request",
  id: "00000000-0000-4000-8000-0000000000a1",
  title: "Leaking tap",
  subtitle: "Ann Customer · pending",
  href: "/work-request-details/00000000-0000-4000-8000-0000000000a1",
}

const machine = paletteMachine.provide({
  actors: { searchRecords: pending<ReadonlyArray<SearchResult>, { q: string }>() },
})

const events = pathEvents(machine, [
  { type: "palette.open" },
  { type: "palette.open", query: "tap" },
  { type: "palette.close" },
  { type: "palette.type", query: "t" },
  { type: "palette.type", query: " tap " },
  { type: "palette.move", by: 1, count: 3 },
  { type: "palette.move", by: -1, count: 3 },
  { type: "palette.move", by: 1, count: 0 },
  { type: "palette.point", index: 2 },
  { type: "palette.retry" },
  { type: "xstate.after.paletteDebounce.palette.open.waiting" },
  { type: "xstate.done.actor.searchRecords", output: [TAP] },
  { type: "xstate.error.actor.searchRecords", error: { status: 503, detail: null } },
])

const serializeState = (s: { value: unknown; context: PaletteContext }) =>
  JSON.stringify([
    s.value,
    s.context.query,
    s.context.results.length,
    s.context.active,
    s.context.error !== null,
  ])

function checkInvariants(snap: { value: unknown; context: PaletteContext; matches: (v: never) => boolean }) {
  const ctx = snap.context
  if (snap.matches("closed" as never)) expect(ctx.results).toEqual([])
  if (snap.matches({ open: "failed" } as never)) expect(ctx.error).not.toBeNull()
  else expect(ctx.error).toBeNull()
  // Records are only ever asked for, and listed, for enough text.
  if (snap.matches({ open: "idle" } as never)) expect(ctx.results).toEqual([])
  if (snap.matches({ open: "searching" } as never) || snap.matches({ open: "waiting" } as never))
    expect(ctx.query.trim().length).toBeGreaterThanOrEqual(FINDING.paletteMinQueryLength)
  expect(ctx.active).toBeGreaterThanOrEqual(0)
}

const walk = (steps: ReadonlyArray<{ event: PaletteEvent }>) => {
  const actor = recordedActor(machine).start()
  for (const step of steps.slice(1)) {
    actor.send(step.event)
    checkInvariants(actor.getSnapshot() as never)
  }
  return actor
}

describe("palette machine paths", () => {
  const shortest = getShortestPaths(machine, { events, serializeState })

  it("reaches every state", () => {
    const reached = new Set(shortest.map((p) => JSON.stringify(p.state.value)))
    for (const v of [
      "closed",
      ...["idle", "waiting", "searching", "found", "failed"].map((s) => ({ open: s })),
    ])
      expect(reached).toContain(JSON.stringify(v))
  })

  for (const path of shortest) {
    it(`shortest: ${path.steps.map((s) => describeEvent(s.event)).join(" → ") || "(start)"}`, () => {
      const actor = walk(path.steps as never)
      expect(actor.getSnapshot().value).toEqual(path.state.value)
      expect(actor.getSnapshot().context).toEqual(path.state.context)
      actor.stop()
    })
  }

  it(
    "takes every event from every state it reaches",
    () => {
      const edges = getEdgePaths(machine, { events, serializeState })
      expect(edges.length).toBeGreaterThan(shortest.length)
      for (const path of edges) {
        const actor = walk(path.steps as never)
        expect(actor.getSnapshot().value).toEqual(path.state.value)
        actor.stop()
      }
    },
    WHOLE_GRAPH_TIMEOUT_MS,
  )
})

describe("palette behaviour", () => {
  const recording = (answer: () => Promise<ReadonlyArray<SearchResult>>) => {
    const calls: string[] = []
    const m = paletteMachine.provide({
      actors: {
        searchRecords: fromPromise<ReadonlyArray<SearchResult>, { q: string }>(({ input }) => {
          calls.push(input.q)
          return answer()
        }),
      },
    })
    return { calls, actor: createActor(m).start() }
  }

  it("asks the server once the keys stop, with the trimmed text, and never for one letter", async () => {
    vi.useFakeTimers()
    try {
      const { calls, actor } = recording(() => Promise.resolve([TAP]))
      actor.send({ type: "palette.open" })
      actor.send({ type: "palette.type", query: "t" })
      vi.advanceTimersByTime(FINDING.paletteDebounceMs * 2)
      expect(calls).toEqual([])
      actor.send({ type: "palette.type", query: "ta" })
      vi.advanceTimersByTime(FINDING.paletteDebounceMs - 1)
      actor.send({ type: "palette.type", query: " tap " })
      vi.advanceTimersByTime(FINDING.paletteDebounceMs)
      expect(calls).toEqual(["tap"])
      await vi.runAllTimersAsync()
      expect(actor.getSnapshot().matches({ open: "found" })).toBe(true)
      expect(actor.getSnapshot().context.results).toEqual([TAP])
    } finally {
      vi.useRealTimers()
    }
  })

  it("an arrow pressed before anything is listed keeps the first option active for Enter once it shows", () => {
    const actor = createActor(machine).start()
    actor.send({ type: "palette.open", query: "ta" })
    actor.send({ type: "palette.move", by: 1, count: 0 })
    actor.send({ type: "palette.move", by: -1, count: 0 })
    expect(actor.getSnapshot().context.active).toBe(0)
    // A count from a list that was longer (a stale render) still lands inside the list now shown.
    actor.send({ type: "palette.move", by: -1, count: 3 })
    actor.send({ type: "palette.move", by: 1, count: 2 })
    expect(actor.getSnapshot().context.active).toBe(0)
  })

  it("the arrows wrap around the options listed; a new text starts from the first", () => {
    const actor = createActor(machine).start()
    actor.send({ type: "palette.open", query: "ta" })
    actor.send({ type: "palette.move", by: -1, count: 3 })
    expect(actor.getSnapshot().context.active).toBe(2)
    actor.send({ type: "palette.move", by: 1, count: 3 })
    expect(actor.getSnapshot().context.active).toBe(0)
    actor.send({ type: "palette.move", by: 1, count: 3 })
    expect(actor.getSnapshot().context.active).toBe(1)
    actor.send({ type: "palette.type", query: "tap" })
    expect(actor.getSnapshot().context.active).toBe(0)
  })

  it("a failed search says so and can be tried again; closing forgets the results", async () => {
    let fail = true
    const { calls, actor } = recording(() =>
      fail ? Promise.reject(new Error("offline")) : Promise.resolve([TAP]),
    )
    actor.send({ type: "palette.open", query: "tap" })
    await vi.waitFor(() => expect(actor.getSnapshot().context.error).toBe(PALETTE_SEARCH_FAILED), {
      timeout: 2000,
    })
    fail = false
    actor.send({ type: "palette.retry" })
    await vi.waitFor(() => expect(actor.getSnapshot().context.results).toEqual([TAP]))
    expect(calls).toEqual(["tap", "tap"])
    actor.send({ type: "palette.close" })
    expect(actor.getSnapshot().value).toBe("closed")
    expect(actor.getSnapshot().context.results).toEqual([])
  })
})
