// Shared by the second-factor suites: fresh accounts, an authenticator app's code at any time (computed here
// from RFC 6238 with node:crypto, not with the server's library), and the sign-in steps over HTTP.
import { createHmac } from "node:crypto"
import { Schema } from "effect"
import { createAccountWithPassword } from "../../../server/accounts/create-account"
import { LoginOutcome } from "../../../src/schema/accounts/second-factor"
import { ErrorBody } from "../../../src/schema/system/errors"
import { cookieFrom, type TestServer } from "../harness"

export const PASSWORD = "quiet harbour lantern"
export const STEP_MS = 30_000

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"

function base32Decode(text: string): Buffer {
  let bits = ""
  for (const char of text.replace(/=+$/, "").toUpperCase())
    bits += BASE32.indexOf(char).toString(2).padStart(5, "0")
  const bytes: number[] = []
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(Number.parseInt(bits.slice(i, i + 8), 2))
  return Buffer.from(bytes)
}

/** The six digits an authenticator app shows for `secret` at `ms`. */
export function totpAt(secret: string, ms: number): string {
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(Math.floor(ms / STEP_MS)))
  const mac = createHmac("sha1", base32Decode(secret)).update(counter).digest()
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000
  return String(value).padStart(6, "0")
}

let seq = 0

/** A fresh active account of `category` with PASSWORD. */
export async function freshAccount(server: TestServer, category = "support") {
  seq += 1
  const email = `factor${seq}-${process.pid}@firm.example`
  const user = await createAccountWithPassword(server.database.db, server.app.services.auth.passwords.hash, {
    email,
    fullName: `Factor ${seq}`,
    category,
    actorId: null,
    now: new Date(),
    password: PASSWORD,
  })
  return { id: user.id, email }
}

export const detailOf = async (response: Response): Promise<string> =>
  Schema.decodeUnknownSync(ErrorBody)(await response.json()).detail

/** The password step: the decoded answer (session or challenge) and the cookies it set. */
export async function passwordStep(server: TestServer, email: string, cookie?: string) {
  const response = await server.call("/api/company/login/", {
    json: { email, password: PASSWORD },
    ...(cookie ? { cookie } : {}),
  })
  if (response.status !== 200) throw new Error(`login ${email}: ${response.status} ${await response.text()}`)
  const outcome = Schema.decodeUnknownSync(LoginOutcome)(await response.json())
  return { outcome, refresh: cookieFrom(response), device: cookieFrom(response, "device") }
}

/** The token of a challenge of `kind`, failing the test when the login answered anything else. */
export async function challengeToken(
  server: TestServer,
  email: string,
  kind: "second_factor" | "setup_required",
  cookie?: string,
): Promise<string> {
  const { outcome } = await passwordStep(server, email, cookie)
  if (!("challenge" in outcome) || outcome.challenge.kind !== kind)
    throw new Error(`expected a ${kind} challenge, got ${JSON.stringify(outcome)}`)
  return outcome.challenge.token
}

/** Signs in with the password alone (an account without a second factor): its bearer token. */
export async function bearerOf(server: TestServer, email: string): Promise<string> {
  const { outcome } = await passwordStep(server, email)
  if (!("access" in outcome)) throw new Error(`expected a session, got ${JSON.stringify(outcome)}`)
  return outcome.access
}

export const securityNotices = (server: TestServer, userId: number) =>
  server.database.db
    .selectFrom("notification")
    .select(["title", "message"])
    .where("user_id", "=", userId)
    .where("notification_type", "=", "security")
    .orderBy("id")
    .execute()
