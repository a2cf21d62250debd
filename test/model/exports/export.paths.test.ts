import { describe, expect, it } from "vitest"
import { createActor } from "xstate"
import { getShortestPaths } from "xstate/graph"
import {
  EXPORT_FAILED,
  type ExportContext,
  exportMachine,
} from "../../../src/machines/exports/export.machine"
import type { ExportView } from "../../../src/machines/exports/export-view"
import type { ExportLink } from "../../../src/schema/exports/exports"
import { describeEvent, getEdgePaths, pathEvents, pending, replay, WHOLE_GRAPH_TIMEOUT_MS } from "../walk"

// "Export CSV": the real machine with its address request left pending, outcomes as events; the download
// and the failure toast recorded.

const VIEW: ExportView = { source: "work", params: { status: "pending" } }
const LINK: ExportLink = {
  url: "/api/v1/exports/download/?token=t",
  expires_at: "2026-01-01T12:01:00.000Z",
  filename: "work-requests-pending-2026-01-01.csv",
}

const events = pathEvents(exportMachine, [
  { type: "export.start", view: VIEW },
  { type: "export.dismiss" },
  { type: "xstate.done.actor.createLink", output: LINK },
  { type: "xstate.error.actor.createLink", error: { status: 400, detail: "ordering: unknown." } },
  { type: "xstate.error.actor.createLink", error: new Error("offline") },
])

const serializeState = (s: { value: unknown; context: ExportContext }) =>
  JSON.stringify([s.value, s.context.error])

const recorded = () => {
  const downloads: ExportLink[] = []
  const failures: string[] = []
  const machine = exportMachine.provide({
    actors: { createLink: pending<ExportLink, ExportView>() },
    actions: {
      download: (_, { link }) => void downloads.push(link),
      announceFailure: (_, { message }) => void failures.push(message),
    },
  })
  return { machine, downloads, failures }
}

const graphMachine = recorded().machine
type Path = ReturnType<typeof getShortestPaths<typeof graphMachine>>[number]

function walk(path: Path) {
  const { machine, downloads, failures } = recorded()
  const actor = replay(machine, path.steps)
  const snap = actor.getSnapshot()
  expect(snap.value).toEqual(path.state.value)
  const last = path.steps.at(-1)?.event as { type: string; error?: unknown } | undefined
  if (last?.type === "xstate.done.actor.createLink") expect(downloads.at(-1)).toEqual(LINK)
  if (last?.type === "xstate.error.actor.createLink") {
    const said = last.error instanceof Error ? EXPORT_FAILED : "ordering: unknown."
    expect(snap.context.error).toBe(said)
    expect(failures.at(-1)).toBe(said)
  }
  if (snap.matches("linking")) expect(snap.context.view).toEqual(VIEW)
  // Nothing downloads without the server's address.
  expect(downloads.length).toBe(
    path.steps.filter((s) => (s.event.type as string) === "xstate.done.actor.createLink").length,
  )
  actor.stop()
}

describe("export machine paths", () => {
  const paths = getShortestPaths(graphMachine, { events, serializeState })

  it("reaches every state of the chart", () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)))
    for (const v of ["idle", "linking"]) expect(reached).toContain(JSON.stringify(v))
  })

  for (const path of paths) it(path.steps.map((s) => describeEvent(s.event)).join(" → "), () => walk(path))

  it(
    "takes every event from every state it reaches",
    () => {
      for (const path of getEdgePaths(graphMachine, { events, serializeState })) walk(path)
    },
    WHOLE_GRAPH_TIMEOUT_MS,
  )

  it("ignores a second click while the address is being asked for", () => {
    const { machine } = recorded()
    const actor = createActor(machine).start()
    actor.send({ type: "export.start", view: VIEW })
    actor.send({ type: "export.start", view: { source: "audit", params: {} } })
    expect(actor.getSnapshot().context.view).toEqual(VIEW)
    actor.stop()
  })
})
