// Hashes stored before argon2id keep working: the sign-in succeeds on the scrypt hash, and the hash is then
// replaced by an argon2id one in the background, never over a password changed in the meantime.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { hashPassword } from "../../server/auth/password"
import { replacePasswordHash } from "../../server/auth/users"
import { startServer, type TestServer } from "./harness"

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server?.close())

const storedHash = async (email: string) =>
  (
    await server.database.db
      .selectFrom("app_user")
      .select("password_hash")
      .where("email", "=", email)
      .executeTakeFirstOrThrow()
  ).password_hash

async function addUser(email: string, hash: string) {
  const now = new Date()
  await server.database.db
    .insertInto("app_user")
    .values({
      email,
      full_name: "Old Timer",
      user_category: "support",
      password_hash: hash,
      created_at: now,
      updated_at: now,
    })
    .execute()
}

describe("upgrading stored password hashes", () => {
  it("signs in on a scrypt hash, then stores an argon2id hash that signs in too", async () => {
    const email = "old-timer@example.com"
    await addUser(email, await hashPassword("still-mine-1", { N: 1024, r: 8, p: 1 }))
    await server.login(email, "still-mine-1")
    await server.app.services.background.drain()
    const upgraded = await storedHash(email)
    expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/)
    expect(server.app.services.passwords.needsRehash(upgraded)).toBe(false)
    await server.login(email, "still-mine-1")
    await server.app.services.background.drain()
    expect(await storedHash(email)).toBe(upgraded)
    // A wrong password upgrades nothing.
    expect((await server.call("/api/company/login/", { json: { email, password: "nope" } })).status).toBe(401)
  })

  it("never replaces a hash that changed since it was verified", async () => {
    const email = "changed-meanwhile@example.com"
    const verified = await hashPassword("old-password-1", { N: 1024, r: 8, p: 1 })
    await addUser(email, verified)
    const { id } = await server.database.db
      .selectFrom("app_user")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow()
    const changed = await server.app.services.passwords.hash("new-password-1")
    await server.database.db
      .updateTable("app_user")
      .set({ password_hash: changed })
      .where("id", "=", id)
      .execute()
    const late = await server.app.services.passwords.hash("old-password-1")
    expect(await replacePasswordHash(server.database.db, id, verified, late)).toBe(false)
    expect(await storedHash(email)).toBe(changed)
  })
})
