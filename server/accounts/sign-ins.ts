// Sign-ins as the account's owner sees them: every sign-in and every refused attempt with the account's email
// (an email without an account records nothing), each session's browser, system and address, and the browsers
// and systems an account has used, so that a sign-in from a new one is told to its owner.
import type { Kysely } from "kysely"
import { SIGN_IN_HISTORY_SIZE, type SignInEntry } from "../../src/schema/accounts/user-settings"
import type { AuthDeps, Session } from "../auth/session"
import { normalizeEmail } from "../auth/users"
import type { Database } from "../db/schema"
import { TooManyRequests, Unauthorized } from "../errors"
import { notifySecurity, SECURITY_NOTICES, type Seen } from "./account-notices"
import type { SignInOutcome } from "./self-tables"
import { parseUserAgent } from "./user-agent"

type Db = Kysely<Database>

/** Rows kept per account; the page shows the newest SIGN_IN_HISTORY_SIZE. */
const KEPT_PER_ACCOUNT = 100

/** Who is signing in, as the request tells: its address (server/auth/client-address.ts) and User-Agent. */
export interface ClientRequest {
  readonly address: string
  readonly userAgent: string | undefined
}

const seenOf = (client: ClientRequest): Seen => ({
  ...parseUserAgent(client.userAgent),
  address: client.address,
})

async function recordAttempt(db: Db, userId: number, outcome: SignInOutcome, seen: Seen, now: Date) {
  await db
    .insertInto("sign_in_attempt")
    .values({ user_id: userId, outcome, ...seen, created_at: now })
    .execute()
  await db
    .deleteFrom("sign_in_attempt")
    .where("user_id", "=", userId)
    .where("id", "not in", (eb) =>
      eb
        .selectFrom("sign_in_attempt")
        .select("id")
        .where("user_id", "=", userId)
        .orderBy("id", "desc")
        .limit(KEPT_PER_ACCOUNT),
    )
    .execute()
}

/**
 * A new session's client is kept beside it; a browser and system the account has not used before is told to
 * its owner, unless it is the account's first (nothing to compare with: the first sign-in, an invitation).
 * A client that names no browser (a script) is neither told nor remembered.
 */
export async function recordSessionClient(
  deps: Pick<AuthDeps, "db">,
  session: Session,
  client: ClientRequest,
  now: Date,
): Promise<void> {
  const seen = seenOf(client)
  const userId = session.user.id
  await deps.db.transaction().execute(async (tx) => {
    await tx
      .insertInto("account_session")
      .values({ session_id: session.refresh.sessionId, user_id: userId, ...seen, created_at: now })
      .onConflict((oc) => oc.column("session_id").doNothing())
      .execute()
    // Sessions whose tokens have all been swept (server/auth/refresh-tokens.ts) leave with them.
    await tx
      .deleteFrom("account_session")
      .where("user_id", "=", userId)
      .where("session_id", "not in", (eb) =>
        eb.selectFrom("refresh_token").select("family_id").where("user_id", "=", userId),
      )
      .execute()
    if (!seen.browser || !seen.system) return
    const added = await tx
      .insertInto("account_device")
      .values({ user_id: userId, browser: seen.browser, system: seen.system, first_seen_at: now })
      .onConflict((oc) => oc.columns(["user_id", "browser", "system"]).doNothing())
      .executeTakeFirst()
    if (Number(added.numInsertedOrUpdatedRows ?? 0n) === 0) return
    const known = await tx
      .selectFrom("account_device")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow()
    if (Number(known.n) > 1) await notifySecurity(tx, userId, SECURITY_NOTICES.newDevice(seen))
  })
}

/**
 * Signs in with `attempt` (login) and records it in the account's history. A refusal is recorded after the
 * answer, so that whether an email has an account cannot be read from how long the refusal took. An attempt
 * that answers no session yet (a second factor is asked: `sessionOf` gives null) is recorded when it completes.
 */
export async function recordSignIn<T>(
  deps: Pick<AuthDeps, "db" | "clock" | "background">,
  email: string,
  client: ClientRequest,
  attempt: () => Promise<T>,
  sessionOf: (result: T) => Session | null,
): Promise<T> {
  const now = new Date(deps.clock.now())
  let result: T
  try {
    result = await attempt()
  } catch (error) {
    const outcome: SignInOutcome | null =
      error instanceof Unauthorized ? "failed" : error instanceof TooManyRequests ? "locked" : null
    if (outcome) deps.background.run(() => recordRefusal(deps.db, email, outcome, seenOf(client), now))
    throw error
  }
  const session = sessionOf(result)
  if (session) await recordSuccessfulSignIn(deps, session, client, now)
  return result
}

/** A sign-in in the account's history, with its session's client (login, an accepted invitation, a reset). */
export async function recordSuccessfulSignIn(
  deps: Pick<AuthDeps, "db">,
  session: Session,
  client: ClientRequest,
  now: Date,
): Promise<void> {
  await recordAttempt(deps.db, session.user.id, "succeeded", seenOf(client), now)
  await recordSessionClient(deps, session, client, now)
}

/** A refused second factor (a wrong code or passkey, or one refused for too many attempts), for its owner. */
export function recordRefusedFactor(
  deps: Pick<AuthDeps, "db" | "background">,
  userId: number,
  outcome: SignInOutcome,
  client: ClientRequest,
  now: Date,
): void {
  deps.background.run(() => recordAttempt(deps.db, userId, outcome, seenOf(client), now))
}

async function recordRefusal(db: Db, email: string, outcome: SignInOutcome, seen: Seen, now: Date) {
  const user = await db
    .selectFrom("app_user")
    .select("id")
    .where("email", "=", normalizeEmail(email))
    .executeTakeFirst()
  if (user) await recordAttempt(db, user.id, outcome, seen, now)
}

const orNull = (text: string): string | null => (text === "" ? null : text)

export async function signInHistory(db: Db, userId: number): Promise<SignInEntry[]> {
  const rows = await db
    .selectFrom("sign_in_attempt")
    .select(["id", "outcome", "browser", "system", "address", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("id", "desc")
    .limit(SIGN_IN_HISTORY_SIZE)
    .execute()
  return rows.map((row) => ({
    id: row.id,
    outcome: row.outcome,
    browser: orNull(row.browser),
    system: orNull(row.system),
    address: row.address,
    at: new Date(row.created_at).toISOString(),
  }))
}
