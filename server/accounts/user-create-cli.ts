// `npm run user:create -- --email E --name N --category C [--invite]`: the first admin of a new database (or
// any account), on the database the server would use (DATABASE_URL, else the embedded one in DATA_DIR).
// Without --invite it asks for the password twice; with it, it prints a one-time invitation link instead.
import { parseArgs } from "node:util"
import { hashPassword } from "../auth/password"
import { systemClock } from "../clock"
import { ConfigError, loadConfig, publicUrl } from "../config"
import { openDatabase } from "../db/database"
import { runMigrations } from "../db/migrate"
import { DataDirLockedError } from "../db/pglite-lock"
import { isDomainError } from "../errors"
import { invitePath } from "./constants"
import { createAccountWithPassword, inviteAccount, refuseTaken } from "./create-account"
import { promptPasswordTwice } from "./prompt-password"

const USAGE =
  "Usage: npm run user:create -- --email EMAIL --name 'FULL NAME' --category admin|website_coordinator|support [--invite]"

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      email: { type: "string" },
      name: { type: "string" },
      category: { type: "string" },
      invite: { type: "boolean", default: false },
    },
    strict: true,
  })
  const { email, name, category, invite } = values
  if (!email || !category || (!invite && !name)) {
    console.error(USAGE)
    return 2
  }
  const config = loadConfig()
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: "postgres", url: config.databaseUrl }
      : { kind: "pglite", dataDir: config.dataDir },
  )
  try {
    await runMigrations(database.db)
    const account = { email, fullName: name ?? "", category, actorId: null, now: new Date(systemClock.now()) }
    if (invite) {
      const { user, link } = await inviteAccount(database.db, account)
      const base = config.appUrl ?? publicUrl(config, config.port)
      console.log(
        `Invited ${user.email} as ${user.user_category}. This link works once, until ${link.expiresAt.toISOString()}:`,
      )
      console.log(`${base}${invitePath(link.token)}`)
      return 0
    }
    // Before the password is typed: an email that already has an account is refused at once.
    await refuseTaken(database.db, email)
    const password = await promptPasswordTwice()
    if (password === null) {
      console.error("The two passwords differ; nothing was created.")
      return 1
    }
    const user = await createAccountWithPassword(database.db, (p) => hashPassword(p, config.passwordHash), {
      ...account,
      password,
    })
    console.log(`Created ${user.email} (${user.full_name}) as ${user.user_category}. Sign in with it now.`)
    return 0
  } finally {
    await database.close()
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (isDomainError(error)) console.error(error.detail)
    else if (error instanceof ConfigError || error instanceof DataDirLockedError) console.error(error.message)
    else if (error instanceof TypeError && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS"))
      console.error(`${error.message}\n${USAGE}`)
    else console.error("The account could not be created:", error)
    process.exit(1)
  },
)
