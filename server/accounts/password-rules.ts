// The server's password check: the shared rules, then the list of common passwords (the 49,233 of
// @zxcvbn-ts/language-common, a maintained list drawn from leaked-password corpora), compared lower-case.
import { dictionary } from "@zxcvbn-ts/language-common"
import { localPasswordProblem, PASSWORD_RULES } from "../../src/schema/accounts/password-rules"
import { invalid } from "../errors"

let common: ReadonlySet<string> | null = null

const commonPasswords = (): ReadonlySet<string> => {
  common ??= new Set(dictionary["passwords-common"].map((p) => p.toLowerCase()))
  return common
}

/** How many passwords the list refuses (the README and tests quote it). */
export const commonPasswordCount = (): number => commonPasswords().size

/** The rule a password breaks, in words for the person choosing it, or null. */
export function passwordProblem(password: string, email: string): string | null {
  const local = localPasswordProblem(password, email)
  if (local) return local
  return commonPasswords().has(password.toLowerCase()) ? PASSWORD_RULES.common : null
}

/** Throws Invalid (a 400 naming the rule) when the password breaks one. */
export function assertPasswordAllowed(password: string, email: string): void {
  const problem = passwordProblem(password, email)
  if (problem) throw invalid(problem)
}
