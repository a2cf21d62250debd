import { describe, expect, it } from "vitest"
import { can, hasAnyRole, hasRole, permissionsFor } from "../../src/machines/permissions"

// docs/behaviour.md#roles: the role is user_category; permissions are derived on the client.

const as = (user_category: string) => ({ user_category })

describe("permissions", () => {
  it("derives each category's permissions as the roles table says", () => {
    expect(permissionsFor("admin")).toEqual(["read", "write", "delete", "manage_users"])
    expect(permissionsFor("website_coordinator")).toEqual(["read", "write", "manage_requests"])
    expect(permissionsFor("support")).toEqual(["read"])
    expect(permissionsFor("")).toEqual(["read"])
    expect(permissionsFor(null)).toEqual(["read"])
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
})
