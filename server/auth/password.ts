// Password hashes: new ones are argon2id, stored scrypt hashes still verify. Every hash and verification
// goes through one bounded queue (hash-queue.ts), so a burst of sign-ins never holds another login's
// remaining steps back.
import { randomBytes } from "node:crypto"
import { ARGON2_PREFIX, type Argon2Params, argon2Hash, argon2ParamsOf, argon2Verify } from "./argon2-hash"
import { createHashQueue, type HashQueue } from "./hash-queue"
import { type ScryptParams, scryptHash, scryptParamsOf, scryptVerify } from "./scrypt-hash"

/** What new hashes are made with. scrypt parameters remain accepted for tools that seed with them. */
export type HashParams = Argon2Params | ScryptParams

const isArgon2 = (params: HashParams): params is Argon2Params => "algorithm" in params

export interface PasswordHasher {
  readonly params: HashParams
  readonly hash: (password: string) => Promise<string>
  readonly verify: (password: string, stored: string) => Promise<boolean>
  /** Spends the same time as a real verification, so a missing account cannot be told apart by timing. */
  readonly verifyDummy: (password: string) => Promise<false>
  /** Whether `stored` was made with another algorithm or other parameters than new hashes are. */
  readonly needsRehash: (stored: string) => boolean
  /** A new hash made only when no sign-in is waiting for the queue. */
  readonly hashInBackground: (password: string) => Promise<string>
  readonly queue: HashQueue
}

/** Hashes at once, outside any queue: seeding and tools. */
export const hashPassword = (password: string, params: HashParams): Promise<string> =>
  isArgon2(params) ? argon2Hash(password, params) : scryptHash(password, params)

/** Either algorithm, told apart by the stored hash's prefix; false for anything not ours. */
export const verifyPassword = (password: string, stored: string): Promise<boolean> =>
  stored.startsWith(ARGON2_PREFIX) ? argon2Verify(password, stored) : scryptVerify(password, stored)

/** The parameters a stored hash was made with, or null when it is not one of ours. */
export const hashParams = (stored: string): HashParams | null =>
  argon2ParamsOf(stored) ?? scryptParamsOf(stored)

const sameParams = (a: HashParams, b: HashParams): boolean =>
  isArgon2(a) && isArgon2(b)
    ? a.memoryKiB === b.memoryKiB && a.passes === b.passes && a.parallelism === b.parallelism
    : !isArgon2(a) && !isArgon2(b) && a.N === b.N && a.r === b.r && a.p === b.p

export const createPasswordHasher = (params: HashParams, concurrency: number): PasswordHasher => {
  const queue = createHashQueue(concurrency)
  // Started at once so that the first login for an unknown email is not the one that pays for it.
  const dummy = hashPassword(randomBytes(16).toString("hex"), params)
  dummy.catch(() => undefined)
  return {
    params,
    queue,
    hash: (password) => queue.run(() => hashPassword(password, params)),
    verify: (password, stored) => queue.run(() => verifyPassword(password, stored)),
    verifyDummy: async (password) => {
      const stored = await dummy
      await queue.run(() => verifyPassword(password, stored))
      return false
    },
    needsRehash: (stored) => {
      const made = hashParams(stored)
      return made === null || !sameParams(made, params)
    },
    hashInBackground: (password) => queue.run(() => hashPassword(password, params), "later"),
  }
}
