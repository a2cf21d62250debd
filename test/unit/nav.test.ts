import { describe, expect, it } from "vitest"
import { filterNav, navGroups } from "../../src/views/shell/nav"

const hrefs = (groups: ReturnType<typeof filterNav>): string[] =>
  groups.flatMap((g) => [...g.links.map((l) => l.href), ...hrefs(g.groups ?? [])])

describe("sidebar navigation", () => {
  it("links every page the sidebar names", () => {
    const all = hrefs(navGroups)
    for (const href of [
      "/billing",
      "/receipts",
      "/theme",
      "/snacks",
      "/user-settings",
      "/help",
      "/profile",
      "/settings",
    ])
      expect(all).toContain(href)
  })

  it("has the Verification Center, Requests (Work and Maintenance) and More groups", () => {
    expect(navGroups.map((g) => g.label)).toEqual(["Verification Center", "Requests", "More"])
    expect(navGroups[1]?.groups?.map((g) => g.label)).toEqual(["Work Requests", "Maintenance Requests"])
  })

  it("filters links by label and drops empty groups", () => {
    const found = filterNav(navGroups, "  MAINTENANCE ")
    expect(found.map((g) => g.label)).toEqual(["Requests"])
    expect(hrefs(found)).toEqual([
      "/website-coordinator/maintenance/pending",
      "/website-coordinator/maintenance/approved",
      "/website-coordinator/maintenance/rejected",
      "/website-coordinator/maintenance/awaiting-providers",
    ])
    expect(filterNav(navGroups, "zzz")).toEqual([])
    expect(filterNav(navGroups, "")).toBe(navGroups)
  })
})
