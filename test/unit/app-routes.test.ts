import { describe, expect, it } from "vitest"
import { APPLICATION_KIND, REQUEST_KINDS } from "../../server/marketplace/kinds"
import { isAppPath } from "../../src/schema/system/app-path"
import { fillRoute, linkTo, PUBLIC_ROUTES, ROUTES } from "../../src/schema/system/app-routes"
import { signedInRoutePatterns } from "../../src/views/system/signed-in-routes"

const UUID = "0b7e2c1a-5d7f-4f0e-9a61-3c2b8d9e4f10"

/** Every string in the table, however deep. */
const patterns = (node: unknown): string[] =>
  typeof node === "string" ? [node] : Object.values(node as object).flatMap(patterns)

/** The router's reading of a pattern: `:name` is one non-empty segment. */
const matches = (pattern: string, path: string): boolean =>
  new RegExp(`^${pattern.replace(/:[A-Za-z]+/g, "[^/]+")}$`).test(path)

const routed = (path: string): boolean => signedInRoutePatterns.some((pattern) => matches(pattern, path))

describe("the app-path table", () => {
  it("holds every route of the product, spelled as the product names them", () => {
    const all = patterns(ROUTES)
    for (const route of [
      "/login",
      "/unauthorized",
      "/forgot-password",
      "/reset-password/:token",
      "/",
      "/dashboard",
      "/notifications",
      "/notifications/:id",
      "/website-coordinator/pending-requests",
      "/website-coordinator/approved-requests",
      "/website-coordinator/rejected-requests",
      "/website-coordinator/maintenance/pending",
      "/website-coordinator/maintenance/approved",
      "/website-coordinator/maintenance/rejected",
      "/website-coordinator/company-verification",
      "/website-coordinator/company-verification/pending",
      "/website-coordinator/company-verification/accepted",
      "/website-coordinator/company-verification/rejected",
      "/website-coordinator/company-verification/applications/:uuid",
      "/work-request-details/:uuid",
      "/maintenance-request-details/:uuid",
      "/work-requests/:uuid/select-providers",
      "/maintenance-requests/:uuid/select-providers",
      "/website-coordinator/awaiting-providers",
      "/website-coordinator/maintenance/awaiting-providers",
      "/billing",
      "/receipts",
      "/theme",
      "/snacks",
      "/user-settings",
      "/help",
      "/profile",
      "/settings",
    ])
      expect(all).toContain(route)
    expect(new Set(all).size).toBe(all.length)
  })

  it("is what the signed-in router matches: every page of the table, and nothing else", () => {
    // The invitation and reset pages are public by their patterns (they carry a token), not in PUBLIC_ROUTES.
    const redirectsOrPublic = [
      ROUTES.home,
      ROUTES.companyVerification,
      ROUTES.invite,
      ROUTES.resetPassword,
      ...PUBLIC_ROUTES,
    ]
    const pages = patterns(ROUTES).filter((p) => !redirectsOrPublic.includes(p))
    expect([...signedInRoutePatterns].sort()).toEqual([...pages].sort())
  })

  it("builds links the router matches and the action_url check accepts", () => {
    const links = [
      linkTo.dashboard,
      linkTo.notifications,
      linkTo.notification(42),
      linkTo.details("work", UUID),
      linkTo.details("maintenance", UUID),
      linkTo.details("application", UUID),
      linkTo.record("company_application", UUID),
      linkTo.selectProviders("work", UUID),
      linkTo.selectProviders("maintenance", UUID),
      linkTo.list("work", "approved"),
      linkTo.list("application", "accepted"),
    ]
    for (const link of links) {
      expect(routed(link), link).toBe(true)
      expect(isAppPath(link), link).toBe(true)
    }
    expect(linkTo.details("work", UUID)).toBe(`/work-request-details/${UUID}`)
    expect(linkTo.selectProviders("maintenance", UUID)).toBe(`/maintenance-requests/${UUID}/select-providers`)
    expect(linkTo.record("maintenance_request", UUID)).toBe(`/maintenance-request-details/${UUID}`)
    expect(linkTo.notification(7)).toBe("/notifications/7")
  })

  it("names a record's list by its status, and falls back to the pending list for a status it has none of", () => {
    expect(linkTo.list("work", "rejected")).toBe("/website-coordinator/rejected-requests")
    expect(linkTo.list("maintenance", "approved")).toBe("/website-coordinator/maintenance/approved")
    expect(linkTo.list("application", "accepted")).toBe("/website-coordinator/company-verification/accepted")
    expect(linkTo.list("application", "approved")).toBe("/website-coordinator/company-verification/pending")
    expect(linkTo.list("work", "constructor")).toBe("/website-coordinator/pending-requests")
  })

  it("encodes a parameter, so that a value cannot add a segment or leave the path", () => {
    expect(fillRoute(ROUTES.details.work, { uuid: "../../login" })).toBe(
      "/work-request-details/..%2F..%2Flogin",
    )
    expect(fillRoute(ROUTES.notification, { id: "1?x=2#y" })).toBe("/notifications/1%3Fx%3D2%23y")
    expect(routed(fillRoute(ROUTES.details.work, { uuid: "a/b" }))).toBe(true)
  })

  it("remembers where sign-in should return to", () => {
    expect(linkTo.login()).toBe("/login")
    expect(linkTo.login("/notifications/3?x=1")).toBe("/login?next=%2Fnotifications%2F3%3Fx%3D1")
    expect(new URLSearchParams(linkTo.login("/a?b=c&d").split("?")[1]).get("next")).toBe("/a?b=c&d")
  })

  it("gives the server the same detail pages for its notifications' action URLs", () => {
    expect(REQUEST_KINDS.work.detailPath(UUID)).toBe(linkTo.details("work", UUID))
    expect(REQUEST_KINDS.maintenance.detailPath(UUID)).toBe(linkTo.details("maintenance", UUID))
    expect(APPLICATION_KIND.detailPath(UUID)).toBe(linkTo.details("application", UUID))
    expect(linkTo.record(APPLICATION_KIND.recordKind, UUID)).toBe(APPLICATION_KIND.detailPath(UUID))
  })
})
