import { timingSafeEqual } from "node:crypto"
import type { FastifyReply, FastifyRequest } from "fastify"
import { INTAKE_KEY_HEADER } from "../../../src/schema/api/intake"
import { unauthorized } from "../../errors"
import { requireAction } from "../../http/require-action"

// Who may submit to the intake API. The marketplace's public site (a server, not a browser) sends the shared
// secret in `X-Intake-Key`, configured as INTAKE_KEY; without that variable no key is accepted. Operators and
// tools such as `npm run simulate` sign in instead and send an admin's bearer token. Nothing else gets in.

const requireOperator = requireAction("intake.submit")

const sameSecret = (given: string, expected: string): boolean => {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

export function intakeGuard(intakeKey: string | null) {
  return async function requireIntake(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const given = req.headers[INTAKE_KEY_HEADER]
    if (given === undefined) return requireOperator(req, reply)
    if (intakeKey === null || typeof given !== "string" || !sameSecret(given, intakeKey))
      throw unauthorized("Invalid intake key.")
  }
}

/** INTAKE_KEY from the environment; blank means intake by key is off. */
export const intakeKeyFromEnv = (env: NodeJS.ProcessEnv = process.env): string | null =>
  env.INTAKE_KEY?.trim() || null
