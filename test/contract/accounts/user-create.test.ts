// `npm run user:create` as an operator runs it on a new embedded database: the first admin (password typed
// twice, here piped), an invitation link, and the refusals, each one clear line; then the admin signs in.
import { spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { verifyPassword } from "../../../server/auth/password"
import { openDatabase } from "../../../server/db/database"

const dataDir = mkdtempSync(join(tmpdir(), "user-create-"))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

interface Run {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

function userCreate(args: readonly string[], stdin = ""): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "server/accounts/user-create-cli.ts", ...args],
      { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", APP_URL: "https://office.example" } },
    )
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString()
    })
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    child.on("error", reject)
    child.on("close", (code) => resolve({ code, stdout, stderr }))
    child.stdin.end(stdin)
  })
}

const storedUser = async (email: string) => {
  const database = await openDatabase({ kind: "pglite", dataDir })
  try {
    return await database.db
      .selectFrom("app_user")
      .select(["email", "full_name", "user_category", "status", "password_hash"])
      .where("email", "=", email)
      .executeTakeFirst()
  } finally {
    await database.close()
  }
}

// Each case starts a process that migrates a fresh embedded database: slow on a busy machine, never a sleep.
describe("npm run user:create", { timeout: 180_000 }, () => {
  it("creates the first admin with the password typed twice", async () => {
    const run = await userCreate(
      ["--email", "Owner@Firm.example", "--name", "Olu Owner", "--category", "admin"],
      "river quartz meadow\nriver quartz meadow\n",
    )
    expect(run.stderr).toBe("")
    expect(run.code).toBe(0)
    expect(run.stdout).toContain("Created owner@firm.example (Olu Owner) as admin.")
    const user = await storedUser("owner@firm.example")
    expect(user).toMatchObject({ full_name: "Olu Owner", user_category: "admin", status: "active" })
    expect(await verifyPassword("river quartz meadow", user?.password_hash ?? "")).toBe(true)
  })

  it("refuses an existing email in one line, before asking for a password", async () => {
    const run = await userCreate(["--email", "owner@firm.example", "--name", "Other", "--category", "admin"])
    expect(run.code).toBe(1)
    expect(run.stderr.trim()).toBe("A user with this email already exists.")
  })

  it("refuses passwords that differ or break a rule, creating nothing", async () => {
    const differ = await userCreate(
      ["--email", "two@firm.example", "--name", "Two", "--category", "admin"],
      "river quartz meadow\nriver quartz meadoW\n",
    )
    expect(differ.code).toBe(1)
    expect(differ.stderr.trim()).toBe("The two passwords differ; nothing was created.")
    const common = await userCreate(
      ["--email", "two@firm.example", "--name", "Two", "--category", "admin"],
      "password1234\npassword1234\n",
    )
    expect(common.code).toBe(1)
    expect(common.stderr.trim()).toBe("Password: this is a commonly used password; choose another.")
    expect(await storedUser("two@firm.example")).toBeUndefined()
  })

  it("prints a one-time invitation link with --invite", async () => {
    const run = await userCreate([
      "--email",
      "coord@firm.example",
      "--category",
      "website_coordinator",
      "--invite",
    ])
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/^https:\/\/office\.example\/invite\/[A-Za-z0-9_-]{59}$/m)
    expect(await storedUser("coord@firm.example")).toMatchObject({ status: "invited", password_hash: "" })
  })
})
