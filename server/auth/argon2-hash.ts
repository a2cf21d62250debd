// argon2id through @node-rs/argon2 (prebuilt binaries, no compiler at install). Hashes are PHC strings,
// `$argon2id$v=19$m=19456,t=2,p=1$salt$hash`, which record their own parameters: raising the cost later only
// changes new hashes, and the old ones still verify.
import { type Algorithm, hash, parseOptions, verify } from "@node-rs/argon2"

export interface Argon2Params {
  readonly algorithm: "argon2id"
  /** Memory per hash, in KiB. */
  readonly memoryKiB: number
  readonly passes: number
  readonly parallelism: number
}

/**
 * OWASP Password Storage Cheat Sheet, argon2id's minimum: 19 MiB, 2 passes, parallelism 1. Of its equally
 * strong settings this one takes the least memory per hash, which matters when a burst of sign-ins hashes
 * side by side.
 */
export const ARGON2_PRODUCTION: Argon2Params = {
  algorithm: "argon2id",
  memoryKiB: 19_456,
  passes: 2,
  parallelism: 1,
}

export const ARGON2_PREFIX = "$argon2id$"

// The package declares its algorithms as a const enum, which isolated modules cannot read: 2 is Argon2id.
const ARGON2ID = 2 as Algorithm

export const argon2Hash = (password: string, params: Argon2Params): Promise<string> =>
  hash(password.normalize("NFC"), {
    algorithm: ARGON2ID,
    memoryCost: params.memoryKiB,
    timeCost: params.passes,
    parallelism: params.parallelism,
  })

/** False for a wrong password and for anything that is not an argon2id hash. */
export const argon2Verify = async (password: string, stored: string): Promise<boolean> => {
  if (!stored.startsWith(ARGON2_PREFIX)) return false
  try {
    return await verify(stored, password.normalize("NFC"))
  } catch {
    return false
  }
}

/** The parameters a stored argon2id hash was made with, or null when it is not one. */
export function argon2ParamsOf(stored: string): Argon2Params | null {
  if (!stored.startsWith(ARGON2_PREFIX)) return null
  try {
    const parsed = parseOptions(stored)
    return {
      algorithm: "argon2id",
      memoryKiB: parsed.memoryCost,
      passes: parsed.timeCost,
      parallelism: parsed.parallelism,
    }
  } catch {
    return null
  }
}
