import { Schema } from "effect"

/** Control characters have no place in a name or an address (and PostgreSQL text cannot hold U+0000). */
export const isControl = (char: string): boolean => {
  const code = char.charCodeAt(0)
  return code < 0x20 || code === 0x7f
}
const noControlCharacters = Schema.makeFilter((s: string) =>
  Array.from(s).some(isControl) ? "Must not contain control characters" : undefined,
)

const Email = Schema.String.check(
  noControlCharacters,
  Schema.isMinLength(3),
  Schema.isMaxLength(254),
  Schema.isPattern(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, { message: "Enter a valid email address" }),
)

/** The longest full name the server accepts. */
export const FULL_NAME_MAX = 120

const FullName = Schema.String.check(
  noControlCharacters,
  Schema.isMinLength(1, { message: "Full name must not be empty" }),
  Schema.isMaxLength(FULL_NAME_MAX),
)

/** Any string is a valid category; what each may do is the permission table's (src/schema/auth/permissions.ts,
 * docs/behaviour.md#roles). */
export const UserCategory = Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(64))
export type UserCategory = typeof UserCategory.Type

export const User = Schema.Struct({
  id: Schema.Number,
  email: Schema.String,
  full_name: Schema.String,
  user_category: UserCategory,
  initials: Schema.String,
})
export type User = typeof User.Type

export const LoginRequest = Schema.Struct({
  email: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(254)),
  password: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(1024)),
})
export type LoginRequest = typeof LoginRequest.Type

export const LoginResponse = Schema.Struct({
  access: Schema.String,
  user: User,
})
export type LoginResponse = typeof LoginResponse.Type

export const RefreshResponse = Schema.Struct({
  access: Schema.String,
})
export type RefreshResponse = typeof RefreshResponse.Type

/** PATCH /api/company/user/ accepts full_name and email only. */
export const ProfilePatch = Schema.Struct({
  full_name: Schema.optionalKey(FullName),
  email: Schema.optionalKey(Email),
})
export type ProfilePatch = typeof ProfilePatch.Type
