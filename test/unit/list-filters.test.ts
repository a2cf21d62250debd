import { describe, expect, it } from "vitest"
import {
  activeFilterCount,
  FILTER_IGNORED,
  parseFilters,
  sameFilters,
  withFilters,
} from "../../src/machines/marketplace/list-filters"
import { listSearchString, parseListSearch } from "../../src/machines/marketplace/list-url"

describe("list filters in the address", () => {
  it("round-trips every filter through the URL", () => {
    const search =
      "urgency=high%2Cemergency&area=Leeds%2CYork&service=plumbing&submitted_from=2026-01-01&submitted_to=2026-01-31"
    const query = parseListSearch(search, "pending", "work")
    expect(query.filters).toEqual({
      urgency: ["high", "emergency"],
      area: ["Leeds", "York"],
      service: ["plumbing"],
      submitted_from: "2026-01-01",
      submitted_to: "2026-01-31",
    })
    expect(parseListSearch(listSearchString(query), "pending", "work")).toEqual(query)
  })

  it("takes the plan's due filter from the address and writes it back, and names a value it does not know", () => {
    for (const due of ["today", "overdue"] as const) {
      const query = parseListSearch(`due=${due}`, "pending", "work")
      expect(query.filters).toEqual({ due })
      expect(listSearchString(query)).toBe(`due=${due}`)
      expect(activeFilterCount(query.filters)).toBe(1)
    }
    const { filters, ignored } = parseFilters(
      new URLSearchParams("due=tomorrow&service=plumbing"),
      "application",
    )
    expect(filters).toEqual({ service: ["plumbing"] })
    expect(ignored).toEqual([FILTER_IGNORED.value("Due", "tomorrow")])
  })

  it("leaves out what the list does not know, names it, and keeps the rest", () => {
    const { filters, ignored } = parseFilters(
      new URLSearchParams("urgency=high,urgentish&service=teleportation&submitted_from=2026-02-30"),
      "work",
    )
    expect(filters).toEqual({ urgency: ["high"] })
    expect(ignored).toEqual([
      FILTER_IGNORED.value("Urgency", "urgentish"),
      FILTER_IGNORED.value("Trade", "teleportation"),
      FILTER_IGNORED.day("Submitted from", "2026-02-30"),
    ])
  })

  it("drops a reversed end day and urgency on applications", () => {
    const reversed = parseFilters(
      new URLSearchParams("submitted_from=2026-03-02&submitted_to=2026-03-01"),
      "work",
    )
    expect(reversed.filters).toEqual({ submitted_from: "2026-03-02" })
    expect(reversed.ignored).toEqual([FILTER_IGNORED.reversed])
    const apps = parseFilters(new URLSearchParams("urgency=high&area=Leeds"), "application")
    expect(apps.filters).toEqual({ area: ["Leeds"] })
    expect(apps.ignored).toEqual([FILTER_IGNORED.urgencyOnApplications])
  })

  it("a clean address has no filters key; clearing returns to page 1 without it", () => {
    const query = parseListSearch("page=3&urgency=low", "pending", "work")
    expect(activeFilterCount(query.filters)).toBe(1)
    const cleared = withFilters(query, {})
    expect(cleared).not.toHaveProperty("filters")
    expect(cleared.page).toBe(1)
    expect(listSearchString(cleared)).toBe("")
    expect(sameFilters(undefined, { urgency: [] })).toBe(true)
    expect(sameFilters({ urgency: ["low"] }, { urgency: ["high"] })).toBe(false)
  })
})
