import { describe, expect, it } from "vitest"
import {
  ACTION_PERMISSION,
  type Action,
  can,
  categoriesFor,
  categoryMay,
  hasAnyRole,
  hasRole,
  may,
  permissionsFor,
} from "../../src/schema/auth/permissions"

// The role is the user's user_category. admin: read, write, delete, manage_users; website_coordinator: read,
// write, manage_requests; any other category: read. Both the client and the server read this one table.

const as = (user_category: string) => ({ user_category })

describe("the permission table", () => {
  it("derives each category's permissions", () => {
    expect(permissionsFor("admin")).toEqual(["read", "write", "delete", "manage_users"])
    expect(permissionsFor("website_coordinator")).toEqual(["read", "write", "manage_requests"])
    expect(permissionsFor("support")).toEqual(["read"])
    expect(permissionsFor("auditor")).toEqual(["read"])
    expect(permissionsFor("")).toEqual(["read"])
    expect(permissionsFor(null)).toEqual(["read"])
    // A category named like a property of every object is still just another category.
    expect(permissionsFor("constructor")).toEqual(["read"])
    expect(permissionsFor("toString")).toEqual(["read"])
  })

  it("checks one role, or any of a list", () => {
    expect(hasRole(as("admin"), "admin")).toBe(true)
    expect(hasRole(as("website_coordinator"), "admin")).toBe(false)
    expect(hasRole(null, "admin")).toBe(false)
    expect(hasAnyRole(as("website_coordinator"), ["admin", "website_coordinator"])).toBe(true)
    expect(hasAnyRole(as("support"), ["admin", "website_coordinator"])).toBe(false)
    expect(hasAnyRole(as("admin"), [])).toBe(false)
  })

  it("can: a permission of the user's category; nobody signed in can do nothing", () => {
    expect(can(as("admin"), "manage_users")).toBe(true)
    expect(can(as("admin"), "manage_requests")).toBe(false)
    expect(can(as("website_coordinator"), "manage_requests")).toBe(true)
    expect(can(as("website_coordinator"), "delete")).toBe(false)
    expect(can(as("support"), "read")).toBe(true)
    expect(can(as("support"), "write")).toBe(false)
    expect(can(null, "read")).toBe(false)
  })

  it("lets everyone signed in read, admins and coordinators decide and choose, only admins do the rest", () => {
    const who: Record<Action, ReadonlyArray<string>> = {
      "record.read": ["admin", "website_coordinator", "support", "auditor"],
      "record.decide": ["admin", "website_coordinator"],
      "record.selectProviders": ["admin", "website_coordinator"],
      "record.claim": ["admin", "website_coordinator"],
      "record.reopen": ["admin"],
      "notification.send": ["admin"],
      "intake.submit": ["admin"],
      "support.open": ["admin"],
    }
    expect(Object.keys(who).sort()).toEqual(Object.keys(ACTION_PERMISSION).sort())
    for (const [action, categories] of Object.entries(who) as [Action, ReadonlyArray<string>][]) {
      for (const category of ["admin", "website_coordinator", "support", "auditor"])
        expect(may(as(category), action), `${category} ${action}`).toBe(categories.includes(category))
      expect(may(null, action)).toBe(false)
      expect(categoryMay(null, action)).toBe(action === "record.read")
    }
  })

  it("lists the known categories allowed each action: route guards, server checks, who is notified", () => {
    expect(categoriesFor("record.decide")).toEqual(["admin", "website_coordinator"])
    expect(categoriesFor("record.selectProviders")).toEqual(["admin", "website_coordinator"])
    expect(categoriesFor("record.reopen")).toEqual(["admin"])
    expect(categoriesFor("notification.send")).toEqual(["admin"])
  })
})
