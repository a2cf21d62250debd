// Production password hashing runs at OWASP's argon2id minimum; hashes stored with scrypt before it still
// verify. The suites use a cheap cost only for speed.
import { describe, expect, it } from "vitest"
import { ARGON2_PRODUCTION } from "../../server/auth/argon2-hash"
import { createPasswordHasher, hashParams, hashPassword, verifyPassword } from "../../server/auth/password"
import { SCRYPT_PRODUCTION } from "../../server/auth/scrypt-hash"
import { loadConfig } from "../../server/config"

describe("password hashing", () => {
  it("uses argon2id with 19 MiB, 2 passes, parallelism 1 in production configuration", () => {
    expect(ARGON2_PRODUCTION).toEqual({ algorithm: "argon2id", memoryKiB: 19_456, passes: 2, parallelism: 1 })
    expect(loadConfig({}).passwordHash).toEqual(ARGON2_PRODUCTION)
  })

  it("hashes and verifies at production cost, recording the parameters in the hash", async () => {
    const hasher = createPasswordHasher(ARGON2_PRODUCTION, 2)
    const stored = await hasher.hash("correct horse")
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[\w+/]{22}\$[\w+/]{43}$/)
    expect(hashParams(stored)).toEqual(ARGON2_PRODUCTION)
    expect(hasher.needsRehash(stored)).toBe(false)
    expect(await hasher.verify("correct horse", stored)).toBe(true)
    expect(await hasher.verify("correct horsf", stored)).toBe(false)
    expect(await hasher.verifyDummy("anything")).toBe(false)
  })

  it("still verifies a scrypt hash at the old production cost, and asks for it to be replaced", async () => {
    const stored = await hashPassword("correct horse", SCRYPT_PRODUCTION)
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/)
    const hasher = createPasswordHasher(ARGON2_PRODUCTION, 2)
    expect(await hasher.verify("correct horse", stored)).toBe(true)
    expect(hasher.needsRehash(stored)).toBe(true)
    const cheap = await hashPassword("correct horse", { N: 1024, r: 8, p: 1 })
    expect(await hasher.verify("correct horsf", cheap)).toBe(false)
  })

  it("asks for a hash made at another cost to be replaced", async () => {
    const cheap = { algorithm: "argon2id", memoryKiB: 64, passes: 1, parallelism: 1 } as const
    const stored = await hashPassword("pw", cheap)
    expect(createPasswordHasher(cheap, 1).needsRehash(stored)).toBe(false)
    expect(createPasswordHasher(ARGON2_PRODUCTION, 1).needsRehash(stored)).toBe(true)
  })

  it("salts every hash and rejects what it did not make", async () => {
    const cheap = { algorithm: "argon2id", memoryKiB: 64, passes: 1, parallelism: 1 } as const
    const hasher = createPasswordHasher(cheap, 2)
    const [a, b] = await Promise.all([hasher.hash("same"), hasher.hash("same")])
    expect(a).not.toBe(b)
    const scrypt = await hashPassword("same", { N: 1024, r: 8, p: 1 })
    const rejected = ["", "scrypt$1$2", "bcrypt$x", "scrypt$0$8$1$AAAA$AAAA", `${scrypt}$extra`]
    for (const stored of [
      ...rejected,
      "$argon2id$v=19$m=64,t=1,p=1$bad",
      `${a}x`,
      "$argon2i$v=19$m=64,t=1,p=1$AAAA$AAAA",
    ])
      expect(await verifyPassword("same", stored)).toBe(false)
    expect(hasher.needsRehash("not a hash")).toBe(true)
  })
})
