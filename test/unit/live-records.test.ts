import { afterEach, describe, expect, it, vi } from "vitest"
import { decodeFrame } from "../../src/effects/live/notification-socket"
import { applyChange, keepTicked } from "../../src/machines/live/live-list"
import { holderOf, markText, remoteChangeOf } from "../../src/machines/live/remote-change"
import {
  AWAITING_PROVIDERS,
  type ListItem,
  type ListPage,
} from "../../src/machines/marketplace/marketplace-types"
// The rows of the facts the rest of the session publishes join the table as its code loads, as they do here.
import "../../src/machines/system/rest-subscriptions"
import { deliveriesOf } from "../../src/machines/system/subscriptions"
import type { RecordChangedMessage } from "../../src/schema/live/socket"
import { workRequest } from "../model/marketplace/marketplace-fixtures"

// The client's side of record.changed (docs/behaviour.md#live-records): the frame decodes or is dropped, the
// bus routes it, the words of a mark, and how a shown page takes a change.

afterEach(() => vi.restoreAllMocks())

const rowOf = (uuid: string, status: "pending" | "approved"): ListItem => {
  const {
    audit: _audit,
    offers: _offers,
    ...row
  } = workRequest(status) as ReturnType<typeof workRequest> & {
    audit: unknown
    offers: unknown
  }
  return { ...row, uuid } as ListItem
}
const A = "00000000-0000-4000-8000-00000000000a"
const B = "00000000-0000-4000-8000-00000000000b"
const C = "00000000-0000-4000-8000-00000000000c"
const message = (actorId: number | null): RecordChangedMessage => ({
  type: "record.changed",
  kind: "work",
  uuid: A,
  change: "approved",
  status: "approved",
  actor: { id: actorId, full_name: "Corey Coordinator" },
  at: "2026-11-24T05:00:00.000Z",
  record: rowOf(A, "approved") as RecordChangedMessage["record"],
})
const PENDING = { status: "pending" }
const pageOf = (...rows: ListItem[]): ListPage => ({
  count: rows.length,
  next: null,
  previous: null,
  results: rows,
})

describe("record.changed on the client", () => {
  it("decodes the frame, and drops one whose record does not match the list row's shape", () => {
    expect(decodeFrame(JSON.stringify(message(2)))).toEqual(message(2))
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {})
    const { record, ...rest } = message(2)
    expect(decodeFrame(JSON.stringify({ ...rest, record: { ...record, status: "lost" } }))).toBeNull()
    expect(decodeFrame(JSON.stringify({ ...rest, change: "deleted", record }))).toBeNull()
    expect(warn).toHaveBeenCalledTimes(2)
  })

  it("the bus hands the socket's frames to liveRecords, and a change to the dashboard and the pages", () => {
    const received = deliveriesOf({ type: "socket.received", message: message(2), at: 1 })
    expect(received).toEqual([
      { to: "liveRecords", command: { type: "liveRecords.changed", message: message(2) } },
    ])
    const hello = deliveriesOf({
      type: "socket.received",
      message: { type: "connection_established", user_id: 7, latest_notification_id: 0, unread_count: 0 },
      at: 1,
    })
    expect(hello.map((d) => d.command.type)).toEqual(["notifications.connected", "liveRecords.connected"])
    const change = remoteChangeOf(message(2), 7)
    expect(deliveriesOf({ type: "records.remoteChanged", change }).map((d) => d.command)).toEqual([
      { type: "dashboard.refresh" },
      { type: "sharedViews.refresh" },
      { type: "session.toPages", page: "pagedList", event: { type: "list.remoteChanged", change } },
      { type: "session.toPages", page: "review", event: { type: "review.remoteChanged", change } },
      { type: "session.toPages", page: "reports", event: { type: "reports.refresh" } },
      { type: "session.toPages", page: "dayPlan", event: { type: "plan.reload" } },
    ])
  })

  it("marks someone else's change, never this user's, in the product's words", () => {
    expect(remoteChangeOf(message(7), 7).mark).toBeNull()
    const mark = remoteChangeOf(message(2), 7).mark
    expect(mark).toEqual({ words: "Approved by Corey Coordinator", at: "2026-11-24T05:00:00.000Z" })
    const at = Date.parse("2026-11-24T05:00:00.000Z")
    if (!mark) throw new Error("expected a mark")
    expect(markText(mark, at + 2_000)).toBe("Approved by Corey Coordinator just now")
    expect(markText(mark, at - 2_000)).toBe("Approved by Corey Coordinator just now")
    expect(markText(mark, at + 5 * 60_000)).toBe("Approved by Corey Coordinator 5 minutes ago")
  })

  it("the awaiting-providers list keeps an approved row nobody took, and loses one a provider accepted", () => {
    const awaiting = { status: AWAITING_PROVIDERS }
    const shown = pageOf(rowOf(A, "approved"), rowOf(B, "approved"))
    const still = remoteChangeOf(message(2), 7)
    expect(applyChange(shown, awaiting, still, [])?.results.map((r) => r.uuid)).toEqual([A, B])
    const taken = remoteChangeOf(
      {
        ...message(2),
        record: { ...message(2).record, providers_state: "assigned" } as RecordChangedMessage["record"],
      },
      7,
    )
    expect(applyChange(shown, awaiting, taken, [])?.results.map((r) => r.uuid)).toEqual([B])
  })

  it("a pending page loses a decided row at once, unless it is ticked; a reload keeps a ticked, changed row in place", () => {
    const shown = pageOf(rowOf(A, "pending"), rowOf(B, "pending"), rowOf(C, "pending"))
    const change = remoteChangeOf(message(2), 7)
    const removed = applyChange(shown, PENDING, change, [])
    expect(removed?.results.map((r) => r.uuid)).toEqual([B, C])
    expect(removed?.count).toBe(2)
    const kept = applyChange(shown, PENDING, change, [A])
    expect(kept?.results.map((r) => [r.uuid, r.status])).toEqual([
      [A, "approved"],
      [B, "pending"],
      [C, "pending"],
    ])
    // This user's own decision from another tab takes it away even when ticked here.
    const mine = remoteChangeOf(message(7), 7)
    expect(applyChange(shown, PENDING, mine, [A])?.results.map((r) => r.uuid)).toEqual([B, C])
    // An "all statuses" list keeps it; a record not shown is left to the reload.
    expect(applyChange(shown, { status: "" }, change, [])?.results[0]?.status).toBe("approved")
    expect(applyChange(pageOf(rowOf(B, "pending")), PENDING, change, [])).toEqual(pageOf(rowOf(B, "pending")))

    const fetched = pageOf(rowOf(B, "pending"), rowOf(C, "pending"))
    const marks = { [A]: { words: "Approved by Corey Coordinator", at: "2026-11-24T05:00:00.000Z" } }
    expect(keepTicked(kept, fetched, [A], marks).results.map((r) => r.uuid)).toEqual([A, B, C])
    // Not ticked, or not changed elsewhere: the server's page as it is.
    expect(keepTicked(kept, fetched, [], marks)).toBe(fetched)
    expect(keepTicked(kept, fetched, [A], {})).toBe(fetched)
  })

  it("says who holds the record after the change, as Mine and Unassigned filter it", () => {
    const claim = { id: 7, full_name: "Me", assigned_at: "2026-11-24T05:00:00.000Z" }
    expect(holderOf(null, 7)).toBe("nobody")
    expect(holderOf(claim, 7)).toBe("me")
    expect(holderOf(claim, 2)).toBe("someone else")
    expect(holderOf(claim, null)).toBe("someone else")
    const claimedMessage = {
      ...message(2),
      change: "assigned",
      record: { ...message(2).record, assignee: claim },
    }
    expect(remoteChangeOf(claimedMessage as RecordChangedMessage, 7).holder).toBe("me")
    expect(remoteChangeOf(message(2), 7).holder).toBe("nobody")
  })

  it("a Mine or Unassigned list loses a row whose holder no longer matches, unless it is ticked", () => {
    const shown = pageOf(rowOf(A, "pending"), rowOf(B, "pending"))
    const claim = { id: 2, full_name: "Cora Second", assigned_at: "2026-11-24T05:00:00.000Z" }
    const claimedMessage = {
      ...message(2),
      change: "assigned",
      status: "pending",
      record: { ...rowOf(A, "pending"), assignee: claim },
    } as RecordChangedMessage
    const byOther = remoteChangeOf(claimedMessage, 7)
    const unassigned = { status: "pending", assignee: "unassigned" } as const
    expect(applyChange(shown, unassigned, byOther, [])?.results.map((r) => r.uuid)).toEqual([B])
    expect(applyChange(shown, unassigned, byOther, [])?.count).toBe(1)
    expect(applyChange(shown, unassigned, byOther, [A])?.results[0]?.assignee).toEqual(claim)
    // Mine: someone else holds it now; All (or no filter): it stays with its new holder.
    expect(
      applyChange(shown, { status: "pending", assignee: "mine" }, byOther, [])?.results.map((r) => r.uuid),
    ).toEqual([B])
    expect(applyChange(shown, { status: "pending", assignee: "all" }, byOther, [])?.results).toHaveLength(2)
    expect(applyChange(shown, PENDING, byOther, [])?.results).toHaveLength(2)
    // Held by this user: it belongs to Mine.
    const byMe = remoteChangeOf(claimedMessage, 2)
    expect(applyChange(shown, { status: "pending", assignee: "mine" }, byMe, [])?.results).toHaveLength(2)
  })

  it("a claim heard from the socket names the new assignee in a shown row, where it stands, and marks it", () => {
    const assignee = { id: 2, full_name: "Cora Second", assigned_at: "2026-11-24T05:00:00.000Z" }
    const claim: RecordChangedMessage = {
      ...message(2),
      change: "assigned",
      status: "pending",
      actor: { id: 2, full_name: "Cora Second" },
      record: { ...rowOf(A, "pending"), assignee } as RecordChangedMessage["record"],
    }
    const shown = pageOf(rowOf(A, "pending"), rowOf(B, "pending"))
    const change = remoteChangeOf(claim, 7)
    expect(change.mark?.words).toBe("Claimed by Cora Second")
    const applied = applyChange(shown, PENDING, change, [])
    expect(applied?.results.map((r) => [r.uuid, r.assignee?.full_name ?? null])).toEqual([
      [A, "Cora Second"],
      [B, null],
    ])
    const released = remoteChangeOf(
      {
        ...claim,
        change: "unassigned",
        record: { ...rowOf(A, "pending"), assignee: null } as RecordChangedMessage["record"],
      },
      7,
    )
    expect(released.mark?.words).toBe("Released by Cora Second")
    expect(applyChange(applied, PENDING, released, [])?.results[0]?.assignee).toBeNull()
  })
})
