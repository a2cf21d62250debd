import { describe, expect, it } from "vitest"
import { thresholdReached } from "../../../server/documents/expiry-watch"
import { applyChange } from "../../../src/machines/live/live-list"
import type { RemoteChange } from "../../../src/machines/live/remote-change"
import type { ListPage } from "../../../src/machines/marketplace/marketplace-types"
import { blockingEntries, checklistOf, requiredKinds } from "../../../src/schema/documents/checklist"
import type { CompanyApplication } from "../../../src/schema/marketplace/marketplace"

// The checklist's rules, the expiry watch's thresholds and the waiting filter of an open list
// (docs/behaviour.md#documents), as pure functions.

const TODAY = "2026-06-15"

describe("checklistOf", () => {
  it("needs the four documents of every application, and a trade's own", () => {
    expect(requiredKinds(["plumbing"])).toEqual([
      "insurance",
      "trade_licence",
      "identity",
      "registration_certificate",
    ])
    expect(requiredKinds(["heating"])).toContain("gas_safe_registration")
    expect(requiredKinds(["electrical"])).toContain("electrical_certificate")
  })

  it("calls each kind present, missing, expired (before today) or expiring (within 30 days)", () => {
    const list = checklistOf(
      ["plumbing"],
      [
        { kind: "insurance", expires_on: "2026-06-14" },
        { kind: "trade_licence", expires_on: "2026-07-15" },
        { kind: "identity", expires_on: "2026-07-16" },
      ],
      TODAY,
    )
    expect(list.map((e) => e.state)).toEqual(["expired", "expiring", "present", "missing"])
    expect(blockingEntries(list).map((e) => e.kind)).toEqual(["insurance", "registration_certificate"])
  })

  it("counts a kind's longest-valid document; one without an expiry never expires", () => {
    const twice = checklistOf(
      ["plumbing"],
      [
        { kind: "insurance", expires_on: "2026-01-01" },
        { kind: "insurance", expires_on: "2027-01-01" },
        { kind: "registration_certificate", expires_on: null },
      ],
      TODAY,
    )
    expect(twice[0]).toEqual({ kind: "insurance", state: "present", expires_on: "2027-01-01" })
    expect(twice[3]).toEqual({ kind: "registration_certificate", state: "present", expires_on: null })
    // An expiry on today is still valid today.
    expect(checklistOf(["plumbing"], [{ kind: "insurance", expires_on: TODAY }], TODAY)[0]?.state).toBe(
      "expiring",
    )
  })
})

describe("thresholdReached", () => {
  it("names the nearest threshold a document has reached, or none", () => {
    expect(thresholdReached("2026-08-01", TODAY)).toBeNull()
    expect(thresholdReached("2026-07-15", TODAY)).toBe(30)
    expect(thresholdReached("2026-06-22", TODAY)).toBe(7)
    expect(thresholdReached(TODAY, TODAY)).toBe(7)
    expect(thresholdReached("2026-06-14", TODAY)).toBe(0)
  })
})

describe("an open list's waiting filter", () => {
  const row = (waiting: string | null): CompanyApplication => ({
    uuid: "u1",
    company_name: "Acme",
    contact_name: "Ada Applicant",
    contact_email: "ada@example.com",
    contact_phone: "+44 113 496 0000",
    services_offered: ["plumbing"],
    service_area: ["Leeds"],
    registration_number: "AB123456",
    documents: [],
    submitted_at: "2026-01-01T10:00:00.000Z",
    status: "pending",
    decided_at: null,
    decided_by: null,
    reason: null,
    assignee: null,
    waiting_since: waiting,
  })
  const page = (waiting: string | null): ListPage => ({
    count: 1,
    next: null,
    previous: null,
    results: [row(waiting)],
  })
  const change = (waiting: string | null): RemoteChange => ({
    source: "application",
    uuid: "u1",
    record: row(waiting),
    mark: null,
    holder: "nobody",
  })

  it("takes an application out of the waiting list when its applicant answers, and keeps it in the queue", () => {
    const waiting = applyChange(
      page("2026-06-01T10:00:00Z"),
      { status: "pending", waiting: "waiting" },
      change(null),
      [],
    )
    expect(waiting?.results).toEqual([])
    const queue = applyChange(page("2026-06-01T10:00:00Z"), { status: "pending" }, change(null), [])
    expect(queue?.results).toHaveLength(1)
    const notWaiting = applyChange(
      page(null),
      { status: "pending", waiting: "not_waiting" },
      change("2026-06-02T10:00:00Z"),
      [],
    )
    expect(notWaiting?.results).toEqual([])
  })
})
