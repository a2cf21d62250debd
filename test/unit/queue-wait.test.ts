import { describe, expect, it } from "vitest"
import { defaultOrdering, listSearchString, parseListSearch } from "../../src/machines/marketplace/list-url"
import type { QueueTimes } from "../../src/schema/marketplace/queue-wait"
import {
  noCandidatesReason,
  notApprovedReason,
  searchedFor,
} from "../../src/views/marketplace/candidate-words"
import { waitedMs, waitedText, waitLevel } from "../../src/views/marketplace/wait-time"

// Waiting time as the browser reads it (docs/behaviour.md#waiting-time), and the provider page's sentences
// (docs/behaviour.md#choosing-providers).

const HOUR = 3_600_000
const times: QueueTimes = {
  as_of: "2026-03-10T12:00:00.000Z",
  due_after_seconds: 24 * 3600,
  overdue_after_seconds: 72 * 3600,
}
const submittedHoursAgo = (h: number) => new Date(Date.parse(times.as_of) - h * HOUR).toISOString()

describe("waiting time", () => {
  it("is due from the due threshold and overdue from the overdue one, both inclusive", () => {
    expect(waitLevel(submittedHoursAgo(23.99), times)).toBeNull()
    expect(waitLevel(submittedHoursAgo(24), times)).toBe("due")
    expect(waitLevel(submittedHoursAgo(71.99), times)).toBe("due")
    expect(waitLevel(submittedHoursAgo(72), times)).toBe("overdue")
    expect(waitLevel(submittedHoursAgo(500), times)).toBe("overdue")
  })

  it("follows the server's thresholds, not fixed ones", () => {
    const short = { ...times, due_after_seconds: 3600, overdue_after_seconds: 7200 }
    expect(waitLevel(submittedHoursAgo(1), short)).toBe("due")
    expect(waitLevel(submittedHoursAgo(2), short)).toBe("overdue")
  })

  it("is measured to the server's time and never negative", () => {
    expect(waitedMs(submittedHoursAgo(5), times)).toBe(5 * HOUR)
    expect(waitedMs(submittedHoursAgo(-1), times)).toBe(0)
  })

  it("reads in minutes, hours, then days and hours", () => {
    expect(waitedText(0)).toBe("0 min")
    expect(waitedText(45 * 60_000)).toBe("45 min")
    expect(waitedText(HOUR)).toBe("1 h")
    expect(waitedText(47.9 * HOUR)).toBe("47 h")
    expect(waitedText(48 * HOUR)).toBe("2 d")
    expect(waitedText(76 * HOUR)).toBe("3 d 4 h")
  })
})

describe("a list's default order", () => {
  it("is oldest first for a pending list and newest first for the others", () => {
    expect(defaultOrdering("pending")).toBe("submitted_at")
    expect(defaultOrdering("approved")).toBe("-submitted_at")
    expect(parseListSearch("", "pending").ordering).toBe("submitted_at")
    expect(parseListSearch("", "rejected").ordering).toBe("-submitted_at")
  })

  it("leaves the default out of the address and writes any other", () => {
    expect(listSearchString(parseListSearch("", "pending"))).toBe("")
    expect(listSearchString({ ...parseListSearch("", "pending"), ordering: "-submitted_at" })).toBe(
      "ordering=-submitted_at",
    )
    expect(listSearchString({ ...parseListSearch("", "approved"), ordering: "submitted_at" })).toBe(
      "ordering=submitted_at",
    )
  })
})

describe("the provider page's sentences", () => {
  const request = {
    uuid: "00000000-0000-4000-8000-000000000001",
    title: "Burst pipe",
    status: "approved" as const,
    service_category: "plumbing" as const,
    area: "Exeter",
  }

  it("says why nobody qualifies from the service and area searched", () => {
    expect(searchedFor(request)).toBe("plumbing in Exeter")
    expect(noCandidatesReason(request)).toBe("No accepted company offers plumbing in Exeter.")
    expect(noCandidatesReason({ ...request, service_category: "appliance_repair", area: "York" })).toBe(
      "No accepted company offers appliance repair in York.",
    )
  })

  it("explains a request that is not approved, and nothing for one that is", () => {
    expect(notApprovedReason("work", { ...request, status: "pending" })).toBe(
      "This work request is still pending. Providers can be chosen once it is approved.",
    )
    expect(notApprovedReason("maintenance", { ...request, status: "rejected" })).toBe(
      "This maintenance request was rejected. Providers are chosen only for approved requests.",
    )
    expect(notApprovedReason("work", request)).toBeNull()
  })
})
