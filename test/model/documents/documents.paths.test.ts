import { describe, expect, it } from "vitest"
import { getShortestPaths } from "xstate/graph"
import {
  DOCUMENTS_FAILED,
  type DocumentsContext,
  type DocumentsEvent,
  type DocumentsInput,
  documentsMachine,
} from "../../../src/machines/documents/documents.machine"
import type { DocumentList, ViewableDocument } from "../../../src/schema/documents/document"
import {
  describeEvent,
  getEdgePaths,
  pending,
  replay,
  sendSystemEvent,
  WHOLE_GRAPH_TIMEOUT_MS,
} from "../walk"

// A record page's documents: the list, its link refresh, and the image viewer; the real machine with its
// load left pending, outcomes and the delay as events.

const UUID = "5a1cbf82-f4bd-4b24-8bb2-2e7122cd9abc"
const input = { uuid: UUID }
const machine = documentsMachine.provide({
  actors: { loadDocuments: pending<DocumentList, DocumentsInput>() },
})

const doc = (id: string, content_type: ViewableDocument["content_type"]): ViewableDocument => ({
  id,
  record_uuid: UUID,
  kind: content_type === "application/pdf" ? "insurance" : "photo",
  file_name: `${id}.${content_type === "application/pdf" ? "pdf" : "png"}`,
  content_type,
  size: 700,
  sha256: "0".repeat(64),
  number: null,
  issuer: null,
  expires_on: null,
  uploaded_at: "2026-01-01T10:00:00.000Z",
  url: `/api/v1/records/${UUID}/documents/${id}/?expires=1&signature=x`,
})
const A = "00000000-0000-4000-8000-00000000000a"
const B = "00000000-0000-4000-8000-00000000000b"
const P = "00000000-0000-4000-8000-00000000000c"
const list: DocumentList = {
  documents: [doc(A, "image/png"), doc(P, "application/pdf"), doc(B, "image/jpeg")],
  links_expire_at: "2026-01-01T10:10:00.000Z",
}

const events = [
  { type: "xstate.done.actor.loadDocuments", output: list },
  { type: "xstate.error.actor.loadDocuments", error: new Error("offline") },
  { type: "documents.retry" },
  { type: "xstate.after.linksExpire.documents.ready.links.fresh" },
  { type: "xstate.done.actor.refreshDocuments", output: list },
  { type: "xstate.error.actor.refreshDocuments", error: new Error("offline") },
  { type: "documents.open", id: A },
  // A PDF opens in the browser's viewer, never in the page's.
  { type: "documents.open", id: P },
  { type: "documents.next" },
  { type: "documents.previous" },
  { type: "documents.zoomIn" },
  { type: "documents.zoomOut" },
  { type: "documents.zoomReset" },
  { type: "documents.close" },
  // New documents of this record (an intake upload) reload the list; another record's do not.
  { type: "documents.recordChanged", uuid: UUID },
  { type: "documents.recordChanged", uuid: "00000000-0000-4000-8000-0000000000ff" },
  { type: "documents.refresh" },
] as DocumentsEvent[]

const serializeState = (s: { value: unknown; context: DocumentsContext }) =>
  JSON.stringify([s.value, s.context.openId, s.context.zoom, s.context.error, s.context.documents.length])

type Path = ReturnType<typeof getShortestPaths<typeof machine>>[number]

function walk(path: Path) {
  const actor = replay(machine, path.steps, { input })
  const snap = actor.getSnapshot()
  expect(snap.value).toEqual(path.state.value)
  // Only an image is ever open, and only while the viewer is.
  if (snap.matches({ ready: { viewer: "open" } })) expect([A, B]).toContain(snap.context.openId)
  else expect(snap.context.openId).toBeNull()
  expect(snap.context.zoom).toBeGreaterThanOrEqual(1)
  expect(snap.context.zoom).toBeLessThanOrEqual(4)
  if (snap.matches("failed")) expect(snap.context.error).toBe(DOCUMENTS_FAILED)
  actor.stop()
}

describe("documents machine paths", () => {
  const paths = getShortestPaths(machine, { events, serializeState, input })

  it("reaches every state of the chart", () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)))
    for (const v of [
      "loading",
      "failed",
      { ready: { links: "fresh", viewer: "closed" } },
      { ready: { links: "refreshing", viewer: "closed" } },
      { ready: { links: "fresh", viewer: "open" } },
    ])
      expect(reached).toContain(JSON.stringify(v))
  })

  it("steps through the images only, wrapping, and starts each at full size", () => {
    const actor = replay(machine, [{ event: { type: "xstate.init" } }], { input })
    sendSystemEvent(actor, { type: "xstate.done.actor.loadDocuments", output: list })
    actor.send({ type: "documents.open", id: A })
    actor.send({ type: "documents.zoomIn" })
    expect(actor.getSnapshot().context.zoom).toBe(1.5)
    actor.send({ type: "documents.next" })
    expect(actor.getSnapshot().context).toMatchObject({ openId: B, zoom: 1 })
    actor.send({ type: "documents.next" })
    expect(actor.getSnapshot().context.openId).toBe(A)
    actor.send({ type: "documents.previous" })
    expect(actor.getSnapshot().context.openId).toBe(B)
    for (let i = 0; i < 10; i++) actor.send({ type: "documents.zoomIn" })
    expect(actor.getSnapshot().context.zoom).toBe(4)
    actor.stop()
  })

  for (const path of paths) it(path.steps.map((s) => describeEvent(s.event)).join(" → "), () => walk(path))

  it(
    "takes every event from every state it reaches",
    () => {
      for (const path of getEdgePaths(machine, { events, serializeState, input })) walk(path)
    },
    WHOLE_GRAPH_TIMEOUT_MS,
  )
})
