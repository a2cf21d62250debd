import type { User } from "../schema/auth"

export type Permission = "read" | "write" | "delete" | "manage_users" | "manage_requests"

/** Permissions derived on the client from the user's category (docs/behaviour.md#roles). */
export function permissionsFor(category: string | null | undefined): ReadonlyArray<Permission> {
  switch (category) {
    case "admin":
      return ["read", "write", "delete", "manage_users"]
    case "website_coordinator":
      return ["read", "write", "manage_requests"]
    default:
      return ["read"]
  }
}

type MaybeUser = Pick<User, "user_category"> | null | undefined

export const hasRole = (user: MaybeUser, role: string): boolean => user?.user_category === role
export const hasAnyRole = (user: MaybeUser, roles: ReadonlyArray<string>): boolean =>
  roles.some((role) => hasRole(user, role))
export const can = (user: MaybeUser, permission: Permission): boolean =>
  user != null && permissionsFor(user.user_category).includes(permission)
