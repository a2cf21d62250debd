// scrypt from node:crypto, the algorithm of the first hashes this product stored. New hashes are argon2id
// (argon2-hash.ts); these still verify, and a successful sign-in replaces one with an argon2id hash.
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto"

export interface ScryptParams {
  readonly N: number
  readonly r: number
  readonly p: number
}

/** OWASP Password Storage Cheat Sheet: scrypt with N=2^17, r=8, p=1 (128 MiB per hash). */
export const SCRYPT_PRODUCTION: ScryptParams = { N: 2 ** 17, r: 8, p: 1 }

export const SCRYPT_PREFIX = "scrypt"
const KEY_LENGTH = 32
const SALT_LENGTH = 16

// scrypt needs 128·N·r bytes; Node refuses above maxmem (32 MiB by default), so allow twice the need.
const maxmemFor = (params: ScryptParams): number => 256 * params.N * params.r

const derive = (password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> => {
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: maxmemFor(params) }
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFC"), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    )
  })
}

const encode = (params: ScryptParams, salt: Buffer, key: Buffer): string =>
  [SCRYPT_PREFIX, params.N, params.r, params.p, salt.toString("base64url"), key.toString("base64url")].join(
    "$",
  )

const decode = (stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null => {
  const [prefix, n, r, p, salt, key, ...rest] = stored.split("$")
  if (prefix !== SCRYPT_PREFIX || rest.length > 0 || !salt || !key) return null
  const params = { N: Number(n), r: Number(r), p: Number(p) }
  if (![params.N, params.r, params.p].every((v) => Number.isSafeInteger(v) && v > 0)) return null
  return { params, salt: Buffer.from(salt, "base64url"), key: Buffer.from(key, "base64url") }
}

/** `scrypt$N$r$p$salt$key` */
export const scryptHash = async (password: string, params: ScryptParams): Promise<string> => {
  const salt = randomBytes(SALT_LENGTH)
  return encode(params, salt, await derive(password, salt, params))
}

export const scryptVerify = async (password: string, stored: string): Promise<boolean> => {
  const parsed = decode(stored)
  if (!parsed) return false
  const key = await derive(password, parsed.salt, parsed.params)
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key)
}

/** The parameters a stored scrypt hash was made with, or null when it is not one. */
export const scryptParamsOf = (stored: string): ScryptParams | null => decode(stored)?.params ?? null
