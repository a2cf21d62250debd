import { describe, expect, it } from "vitest"
import {
  hasStaffFilters,
  parseStaffSearch,
  sameStaffQuery,
  staffSearchString,
} from "../../src/machines/accounts/staff-query"
// The rows of the facts the rest of the session publishes join the table as its code loads, as they do here.
import "../../src/machines/system/rest-subscriptions"
import { deliveriesOf } from "../../src/machines/system/subscriptions"
import { allowedNav, navGroups } from "../../src/views/shell/nav"

describe("the staff page's filters in the URL", () => {
  it("reads what it can use and drops the rest", () => {
    expect(parseStaffSearch("search=vera&status=active&category=support")).toEqual({
      search: "vera",
      status: "active",
      category: "support",
    })
    expect(parseStaffSearch("status=asleep&search=&other=1")).toEqual({})
    expect(parseStaffSearch(`search=${"a".repeat(300)}`).search).toHaveLength(254)
  })

  it("writes the same URL for the same filters, whatever order they were set in", () => {
    expect(staffSearchString({ category: "admin", search: "a b" })).toBe("search=a+b&category=admin")
    expect(sameStaffQuery({ status: "invited", search: "x" }, { search: "x", status: "invited" })).toBe(true)
    expect(sameStaffQuery({ status: "invited" }, {})).toBe(false)
    expect(hasStaffFilters({})).toBe(false)
    expect(parseStaffSearch(staffSearchString({ search: "é&=", status: "deactivated" }))).toEqual({
      search: "é&=",
      status: "deactivated",
    })
  })
})

describe("the staff link and the staff page's live updates", () => {
  const staffLinks = (category: string | null) =>
    allowedNav(navGroups, category)
      .flatMap((g) => g.links)
      .filter((l) => l.href === "/staff")
  it("shows the sidebar link to admins only", () => {
    expect(staffLinks("admin")).toHaveLength(1)
    expect(staffLinks("website_coordinator")).toEqual([])
    expect(staffLinks("support")).toEqual([])
    expect(staffLinks(null)).toEqual([])
  })
  it("sends a staff change heard on the socket to the open staff pages", () => {
    const fact = {
      type: "socket.received",
      message: { type: "staff.changed", user_id: 4, position: 9 },
      at: 0,
    } as const
    expect(deliveriesOf(fact).filter((d) => d.to === "session")).toEqual([
      {
        to: "session",
        command: { type: "session.toPages", page: "staff", event: { type: "staff.changedElsewhere" } },
      },
    ])
  })
})
