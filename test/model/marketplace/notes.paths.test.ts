import { describe, expect, it } from "vitest"
import { getShortestPaths } from "xstate/graph"
import type { RecordRef } from "../../../src/machines/marketplace/marketplace-types"
import {
  type AddNoteInput,
  NOTE_FAILED,
  NOTE_TOO_LONG,
  NOTES_LOAD_FAILED,
  type NotesContext,
  notesMachine,
} from "../../../src/machines/marketplace/notes.machine"
import { NOTE_MAX_LENGTH, type RecordNote, type RecordNoteList } from "../../../src/schema/marketplace/notes"
import { describeEvent, getEdgePaths, pathEvents, pending, replay, WHOLE_GRAPH_TIMEOUT_MS } from "../walk"
import { UUID } from "./marketplace-fixtures"

// A record's internal notes: the real machine with its calls left pending; the path delivers the thread, the
// saved note and the failures as events, and notes heard from elsewhere.

const input: RecordRef = { kind: "work", uuid: UUID }
const machine = notesMachine.provide({
  actors: { loadNotes: pending<RecordNoteList, RecordRef>(), addNote: pending<RecordNote, AddNoteInput>() },
})
const note = (n: number): RecordNote => ({
  uuid: `00000000-0000-4000-8000-0000000000a${n}`,
  author: { id: 1, full_name: "Corey Coordinator" },
  body: `Note ${n}`,
  mentions: [],
  created_at: "2026-01-01T10:00:00.000Z",
})
const thread = (...n: number[]): RecordNoteList => ({ count: n.length, results: n.map(note) })

const events = pathEvents(machine, [
  { type: "xstate.done.actor.loadNotes", output: thread(1) },
  { type: "xstate.error.actor.loadNotes", error: new Error("offline") },
  { type: "notes.retry" },
  { type: "notes.add", body: "  Called the customer  " },
  { type: "notes.add", body: "   " },
  { type: "notes.add", body: "x".repeat(NOTE_MAX_LENGTH + 1) },
  { type: "xstate.done.actor.addNote", output: note(2) },
  { type: "xstate.error.actor.addNote", error: new Error("offline") },
  { type: "notes.recordChanged", uuid: UUID },
  { type: "notes.recordChanged", uuid: "00000000-0000-4000-8000-00000000ffff" },
  { type: "notes.refresh" },
  { type: "xstate.done.actor.refreshNotes", output: thread(1, 2) },
  { type: "xstate.error.actor.refreshNotes", error: new Error("offline") },
])

const serializeState = (s: { value: unknown; context: NotesContext }) =>
  JSON.stringify([s.value, s.context.notes.map((n) => n.uuid), s.context.error, s.context.added > 0])

type Path = ReturnType<typeof getShortestPaths<typeof machine>>[number]

function walk(path: Path) {
  const actor = replay(machine, path.steps, { input })
  const snap = actor.getSnapshot()
  expect(snap.value).toEqual(path.state.value)
  const { context } = snap
  // A note is never shown twice, and nothing over the limit is ever sent.
  expect(new Set(context.notes.map((n) => n.uuid)).size).toBe(context.notes.length)
  expect(context.body.length).toBeLessThanOrEqual(NOTE_MAX_LENGTH)
  if (snap.matches("adding")) expect(context.body).toBe("Called the customer")
  const last = path.steps.at(-1)?.event as { type: string; body?: string } | undefined
  if (last?.type === "xstate.error.actor.loadNotes") expect(context.error).toBe(NOTES_LOAD_FAILED)
  if (last?.type === "xstate.error.actor.addNote") expect(context.error).toBe(NOTE_FAILED)
  if (last?.type === "notes.add" && (last.body?.length ?? 0) > NOTE_MAX_LENGTH)
    expect(context.error).toBe(NOTE_TOO_LONG)
  if (last?.type === "xstate.done.actor.addNote") expect(context.notes.map((n) => n.body)).toContain("Note 2")
  actor.stop()
}

describe("notes machine paths", () => {
  const paths = getShortestPaths(machine, { events, serializeState, input })

  it("reaches every state of the chart", () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)))
    for (const v of ["loading", "loadFailed", "ready", "refreshing", "adding"])
      expect(reached).toContain(JSON.stringify(v))
  })

  for (const path of paths) it(path.steps.map((s) => describeEvent(s.event)).join(" → "), () => walk(path))

  it(
    "takes every event from every state it reaches",
    () => {
      for (const path of getEdgePaths(machine, { events, serializeState, input })) walk(path)
    },
    WHOLE_GRAPH_TIMEOUT_MS,
  )

  it("says the limit in words", () => {
    expect(NOTE_TOO_LONG).toBe("A note can be at most 2,000 characters.")
  })
})
