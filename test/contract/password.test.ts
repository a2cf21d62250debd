// Production password hashing runs at OWASP's scrypt cost; the suites use a cheap cost only for speed.
import { describe, expect, it } from "vitest"
import {
  createPasswordHasher,
  hashParams,
  SCRYPT_PRODUCTION,
  verifyPassword,
} from "../../server/auth/password"
import { loadConfig } from "../../server/config"

describe("password hashing", () => {
  it("uses N=131072, r=8, p=1 in production configuration", () => {
    expect(SCRYPT_PRODUCTION).toEqual({ N: 131072, r: 8, p: 1 })
    expect(loadConfig({}).scrypt).toEqual({ N: 131072, r: 8, p: 1 })
  })

  it("hashes and verifies at production cost, recording the parameters in the hash", async () => {
    const hasher = createPasswordHasher(SCRYPT_PRODUCTION)
    const stored = await hasher.hash("correct horse")
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/)
    expect(hashParams(stored)).toEqual(SCRYPT_PRODUCTION)
    expect(await hasher.verify("correct horse", stored)).toBe(true)
    expect(await hasher.verify("correct horsf", stored)).toBe(false)
    expect(await hasher.verifyDummy("anything")).toBe(false)
  })

  it("salts every hash and rejects what it did not make", async () => {
    const cheap = { N: 1024, r: 8, p: 1 }
    const hasher = createPasswordHasher(cheap)
    const [a, b] = await Promise.all([hasher.hash("same"), hasher.hash("same")])
    expect(a).not.toBe(b)
    for (const stored of ["", "scrypt$1$2", "bcrypt$x", "scrypt$0$8$1$AAAA$AAAA", `${a}$extra`]) {
      expect(await verifyPassword("same", stored)).toBe(false)
    }
  })
})
