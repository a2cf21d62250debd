// The password rules both sides state (NIST SP 800-63B): long enough, not the account's own name, and, on the
// server only, not on the list of common passwords. No composition rules: length is what makes a password
// hard to guess, and rules about digits and symbols make people pick predictable ones.

export const PASSWORD_MIN_LENGTH = 12
/** Longer passwords are refused before hashing: a megabyte would only cost the server time. */
export const PASSWORD_MAX_LENGTH = 1024

/** Parts of an email's name shorter than this are too common to refuse (a "jo" in "journey"). */
const NAME_PART_MIN = 3

export const PASSWORD_RULES = {
  tooShort: `Password: use at least ${PASSWORD_MIN_LENGTH} characters.`,
  tooLong: `Password: use at most ${PASSWORD_MAX_LENGTH} characters.`,
  containsName: "Password: must not contain the name of your email address.",
  common: "Password: this is a commonly used password; choose another.",
} as const

/** The name of an email address, and its parts: "ada.lovelace@x" → ["ada.lovelace", "ada", "lovelace"]. */
export function emailNameParts(email: string): string[] {
  const name = (email.split("@")[0] ?? "").toLowerCase()
  const parts = [name, ...name.split(/[._+-]+/)]
  return [...new Set(parts)].filter((part) => part.length >= NAME_PART_MIN)
}

/** Characters as people count them (an emoji is one), which is how the minimum is meant. */
export const passwordLength = (password: string): number => Array.from(password).length

/** The first rule a password breaks that needs no list, or null. */
export function localPasswordProblem(password: string, email: string): string | null {
  const length = passwordLength(password)
  if (length < PASSWORD_MIN_LENGTH) return PASSWORD_RULES.tooShort
  if (length > PASSWORD_MAX_LENGTH) return PASSWORD_RULES.tooLong
  const lower = password.toLowerCase()
  if (emailNameParts(email).some((part) => lower.includes(part))) return PASSWORD_RULES.containsName
  return null
}

/** A meter for the form, 0 to 4: length first, since that is what the rules ask; never a rule itself. */
export function passwordStrength(password: string): 0 | 1 | 2 | 3 | 4 {
  const length = passwordLength(password)
  if (length < PASSWORD_MIN_LENGTH) return 0
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length
  const distinct = new Set(password).size
  if (length >= 20 && distinct >= 10) return 4
  if (length >= 16 && distinct >= 8) return 3
  return kinds >= 2 && distinct >= 8 ? 2 : 1
}
