// Server configuration, read once from the environment. Every variable is documented in .env.example.
import { resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { ARGON2_PRODUCTION } from "./auth/argon2-hash"
import {
  ACCESS_TOKEN_TTL_SECONDS,
  LOGIN_LIMIT_PER_ACCOUNT,
  LOGIN_LIMIT_PER_IP,
  type RateLimit,
  REFRESH_GRACE_MS,
} from "./auth/constants"
import { defaultHashConcurrency } from "./auth/hash-queue"
import type { HashParams } from "./auth/password"
import { DEFAULT_MAIL_FROM } from "./mail/mail-constants"
import {
  OFFER_EXPIRY_SECONDS,
  QUEUE_DUE_AFTER_HOURS,
  QUEUE_OVERDUE_AFTER_HOURS,
  REMINDER_INTERVAL_SECONDS,
} from "./marketplace/queue-constants"

/** The expiry watch looks hourly by default: expiry is counted in days. */
const DOCUMENT_EXPIRY_INTERVAL_SECONDS = 3600

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

export interface Config {
  readonly port: number
  readonly host: string
  /** PGlite data folder; unused when databaseUrl is set. */
  readonly dataDir: string
  readonly databaseUrl: string | null
  /** null: generate one and keep it in the database (table server_secret). */
  readonly jwtSecret: string | null
  /** Origins allowed on cookie-authenticated calls (and later the socket), besides the server's own. */
  readonly allowedOrigins: readonly string[]
  readonly logLevel: LogLevel
  /** Honour X-Forwarded-* from a reverse proxy (request protocol, client IP). */
  readonly trustProxy: boolean
  /** The built SPA; when it has no index.html the API still runs. */
  readonly staticDir: string
  /** Extra origins for the CSP connect-src: the configured API and socket bases, push services. */
  readonly connectSrc: readonly string[]
  /** Failed sign-ins per client address (LOGIN_MAX_FAILURES_PER_IP); successes are never counted. */
  readonly loginLimitPerIp: RateLimit
  /** Failed sign-ins per account (LOGIN_MAX_PER_ACCOUNT). */
  readonly loginLimitPerAccount: RateLimit
  readonly refreshGraceMs: number
  /** ACCESS_TOKEN_TTL_SECONDS: lowered only by tests that need a token to expire within their run. */
  readonly accessTokenTtlSeconds: number
  /** What new password hashes are made with: argon2id at production cost; tests pass a lower one. */
  readonly passwordHash: HashParams
  /** Password hashes computed at once (PASSWORD_HASH_CONCURRENCY); the rest wait their turn. */
  readonly passwordHashConcurrency: number
  /** FIREBASE_SERVICE_ACCOUNT: the service-account JSON (or its file path); null: push is off. */
  readonly firebaseServiceAccount: string | null
  /** QUEUE_DUE_AFTER_HOURS: a pending record waiting this long is due (docs/behaviour.md#waiting-time). */
  readonly queueDueAfterSeconds: number
  /** QUEUE_OVERDUE_AFTER_HOURS: waiting this long it is overdue, and the coordinators are reminded once. */
  readonly queueOverdueAfterSeconds: number
  /** REMINDER_INTERVAL_SECONDS: how often each instance looks for records that became overdue. */
  readonly reminderIntervalMs: number
  /** DOCUMENT_EXPIRY_INTERVAL_SECONDS: how often each instance looks for documents nearing their expiry. */
  readonly documentExpiryIntervalMs: number
  /** OFFER_EXPIRY_SECONDS: how long a provider has to answer an offer before it expires. */
  readonly offerExpirySeconds: number
  /** APP_URL: the address people open, for links in invitations and mail; null: the request's own origin. */
  readonly appUrl: string | null
  /** SMTP_URL: where mail goes out (smtp:// or smtps://, credentials in the URL); null: mail is off. */
  readonly smtpUrl: string | null
  /** MAIL_FROM: the sender of every message the server mails. */
  readonly mailFrom: string
  /** Second factors and passkeys (docs/behaviour.md#second-factor). */
  readonly secondFactor: SecondFactorSettings
  /**
   * TLS_CERT_FILE and TLS_KEY_FILE: the server terminates TLS itself and speaks HTTP/2 (HTTP/1.1 beside it, for
   * the socket's upgrade and older clients) on its one port; null: plain HTTP/1.1.
   */
  readonly tls: TlsFiles | null
}

/** The paths of a PEM certificate (its chain after it) and of its private key. */
export interface TlsFiles {
  readonly certFile: string
  readonly keyFile: string
}

export interface SecondFactorSettings {
  /** WEBAUTHN_RP_ID: the passkeys' relying party; null: the request's host name. */
  readonly rpId: string | null
  /** WEBAUTHN_ORIGINS: the origins a passkey may be used from; null: the request's own origin. */
  readonly origins: readonly string[] | null
  /** WEBAUTHN_RP_NAME: the name the browser shows when a passkey is made. */
  readonly rpName: string
  /** SECOND_FACTOR_CHALLENGE_SECONDS: how long a sign-in waits for its second factor. */
  readonly challengeSeconds: number
  /** WEBAUTHN_CHALLENGE_SECONDS: how long a WebAuthn challenge may be answered. */
  readonly webauthnChallengeSeconds: number
  /** TRUSTED_BROWSER_DAYS: how long "trust this browser" skips the second factor. */
  readonly trustedBrowserDays: number
}

const secondFactorSettings = (env: Env): SecondFactorSettings => ({
  rpId: text(env, "WEBAUTHN_RP_ID"),
  origins: origins(env, "WEBAUTHN_ORIGINS"),
  rpName: text(env, "WEBAUTHN_RP_NAME") ?? "Maintenance marketplace back office",
  challengeSeconds: integer(env, "SECOND_FACTOR_CHALLENGE_SECONDS", 300, 1, 86_400),
  webauthnChallengeSeconds: integer(env, "WEBAUTHN_CHALLENGE_SECONDS", 120, 1, 86_400),
  trustedBrowserDays: integer(env, "TRUSTED_BROWSER_DAYS", 30, 1, 365),
})

export class ConfigError extends Error {
  override name = "ConfigError"
}

export type Env = Readonly<Record<string, string | undefined>>

const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url))
const DEV_SERVER_ORIGINS = ["http://localhost:5173", "http://127.0.0.1:5173"]
const MIN_SECRET_LENGTH = 32

const text = (env: Env, name: string): string | null => {
  const value = env[name]?.trim()
  return value ? value : null
}

const integer = (env: Env, name: string, fallback: number, min: number, max: number): number => {
  const raw = text(env, name)
  if (raw === null) return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min || value > max)
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}".`)
  return value
}

const origin = (name: string, raw: string): string => {
  try {
    const url = new URL(raw)
    if (url.origin === "null") throw new Error("opaque origin")
    return url.origin
  } catch {
    throw new ConfigError(`${name} must hold URLs like http://localhost:3000, got "${raw}".`)
  }
}

const origins = (env: Env, name: string): string[] | null => {
  const raw = text(env, name)
  if (raw === null) return null
  return raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => origin(name, s))
}

const logLevel = (env: Env): LogLevel => {
  const raw = text(env, "LOG_LEVEL") ?? "info"
  const found = LOG_LEVELS.find((level) => level === raw)
  if (!found) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}, got "${raw}".`)
  return found
}

const secret = (env: Env): string | null => {
  const raw = text(env, "JWT_SECRET")
  if (raw !== null && raw.length < MIN_SECRET_LENGTH)
    throw new ConfigError(`JWT_SECRET must be at least ${MIN_SECRET_LENGTH} characters (or unset).`)
  return raw
}

const boolean = (env: Env, name: string): boolean => {
  const raw = text(env, name)?.toLowerCase()
  if (raw === undefined) return false
  if (["1", "true", "yes"].includes(raw)) return true
  if (["0", "false", "no"].includes(raw)) return false
  throw new ConfigError(`${name} must be true or false, got "${raw}".`)
}

/** What the firebase SDK in the page calls (installations, then the FCM registration); push needs both. */
export const FIREBASE_CONNECT_SRC = [
  "https://firebaseinstallations.googleapis.com",
  "https://fcmregistrations.googleapis.com",
]

/** Variables that changed meaning: a deployment still setting one is told what replaced it. */
const REPLACED: Readonly<Record<string, string>> = {
  LOGIN_MAX_PER_IP:
    "LOGIN_MAX_PER_IP is no longer read: sign-ins are now limited by failures only. Set LOGIN_MAX_FAILURES_PER_IP (failed sign-ins per client address per 15 minutes, default 50) instead.",
}

const HOUR_SECONDS = 3600
const YEAR_HOURS = 8760

/** The two queue thresholds, in seconds; overdue must come after due or no record would ever be just due. */
const queueThresholds = (env: Env) => {
  const due = integer(env, "QUEUE_DUE_AFTER_HOURS", QUEUE_DUE_AFTER_HOURS, 1, YEAR_HOURS)
  const overdue = integer(env, "QUEUE_OVERDUE_AFTER_HOURS", QUEUE_OVERDUE_AFTER_HOURS, 1, YEAR_HOURS)
  if (overdue <= due)
    throw new ConfigError(
      `QUEUE_OVERDUE_AFTER_HOURS (${overdue}) must be more than QUEUE_DUE_AFTER_HOURS (${due}).`,
    )
  return { queueDueAfterSeconds: due * HOUR_SECONDS, queueOverdueAfterSeconds: overdue * HOUR_SECONDS }
}

/** An origin and an optional path prefix, without the trailing slash: links append `/invite/…` to it. */
const appUrl = (env: Env): string | null => {
  const raw = text(env, "APP_URL")
  if (raw === null) return null
  try {
    const url = new URL(raw)
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("not http")
    return `${url.origin}${url.pathname}`.replace(/\/+$/, "")
  } catch {
    throw new ConfigError(`APP_URL must be a URL like https://backoffice.example.com, got "${raw}".`)
  }
}

/** An smtp:// or smtps:// URL: anything else is a typo that would only show at the first invitation. */
const smtpUrl = (env: Env): string | null => {
  const raw = text(env, "SMTP_URL")
  if (raw === null) return null
  try {
    const url = new URL(raw)
    if (url.protocol !== "smtp:" && url.protocol !== "smtps:") throw new Error("not smtp")
    return raw
  } catch {
    throw new ConfigError(
      "SMTP_URL must be a URL like smtp://user:password@mail.example.com:587 or smtps://….",
    )
  }
}

/** Both files or neither: one alone is a mistake that would otherwise serve plain HTTP without a word. */
const tlsFiles = (env: Env): TlsFiles | null => {
  const certFile = text(env, "TLS_CERT_FILE")
  const keyFile = text(env, "TLS_KEY_FILE")
  if (certFile === null && keyFile === null) return null
  if (certFile === null || keyFile === null)
    throw new ConfigError("TLS_CERT_FILE and TLS_KEY_FILE must be set together, or neither.")
  return { certFile: resolve(certFile), keyFile: resolve(keyFile) }
}

export function loadConfig(env: Env = process.env): Config {
  for (const [name, message] of Object.entries(REPLACED))
    if (text(env, name) !== null) throw new ConfigError(message)
  const port = integer(env, "PORT", 3000, 0, 65_535)
  const tls = tlsFiles(env)
  const scheme = tls ? "https" : "http"
  const own = [`${scheme}://localhost:${port}`, `${scheme}://127.0.0.1:${port}`]
  const apiOrigins = ["VITE_API_BASE_URL", "VITE_SOCKET_BASE_URL"].flatMap((name) => origins(env, name) ?? [])
  return {
    port,
    host: text(env, "HOST") ?? "127.0.0.1",
    dataDir: resolve(text(env, "DATA_DIR") ?? "./data"),
    databaseUrl: text(env, "DATABASE_URL"),
    jwtSecret: secret(env),
    allowedOrigins: origins(env, "ALLOWED_ORIGINS") ?? [...own, ...DEV_SERVER_ORIGINS],
    logLevel: logLevel(env),
    trustProxy: boolean(env, "TRUST_PROXY"),
    staticDir: resolve(REPO_ROOT, text(env, "STATIC_DIR") ?? "dist"),
    connectSrc: [
      ...apiOrigins,
      // A build configured for push (the same environment builds and serves with `npm start`).
      ...(text(env, "VITE_FIREBASE_API_KEY") ? FIREBASE_CONNECT_SRC : []),
      ...(origins(env, "CSP_CONNECT_SRC") ?? []),
    ],
    loginLimitPerIp: {
      ...LOGIN_LIMIT_PER_IP,
      max: integer(env, "LOGIN_MAX_FAILURES_PER_IP", LOGIN_LIMIT_PER_IP.max, 1, 1_000_000),
    },
    loginLimitPerAccount: {
      ...LOGIN_LIMIT_PER_ACCOUNT,
      max: integer(env, "LOGIN_MAX_PER_ACCOUNT", LOGIN_LIMIT_PER_ACCOUNT.max, 1, 1_000_000),
    },
    refreshGraceMs: REFRESH_GRACE_MS,
    accessTokenTtlSeconds: integer(env, "ACCESS_TOKEN_TTL_SECONDS", ACCESS_TOKEN_TTL_SECONDS, 1, 86_400),
    passwordHash: ARGON2_PRODUCTION,
    passwordHashConcurrency: integer(env, "PASSWORD_HASH_CONCURRENCY", defaultHashConcurrency(env), 1, 256),
    firebaseServiceAccount: text(env, "FIREBASE_SERVICE_ACCOUNT"),
    ...queueThresholds(env),
    reminderIntervalMs:
      integer(env, "REMINDER_INTERVAL_SECONDS", REMINDER_INTERVAL_SECONDS, 1, 86_400) * 1000,
    appUrl: appUrl(env),
    smtpUrl: smtpUrl(env),
    mailFrom: text(env, "MAIL_FROM") ?? DEFAULT_MAIL_FROM,
    documentExpiryIntervalMs:
      integer(env, "DOCUMENT_EXPIRY_INTERVAL_SECONDS", DOCUMENT_EXPIRY_INTERVAL_SECONDS, 1, 86_400) * 1000,
    offerExpirySeconds: integer(env, "OFFER_EXPIRY_SECONDS", OFFER_EXPIRY_SECONDS, 60, 30 * 86_400),
    secondFactor: secondFactorSettings(env),
    tls,
  }
}

/** The address people open: a wildcard or loopback bind is reached as localhost. */
export function publicUrl(config: Config, port: number): string {
  const local = ["127.0.0.1", "0.0.0.0", "::", "::1", "localhost"].includes(config.host)
  const host = local ? "localhost" : config.host.includes(":") ? `[${config.host}]` : config.host
  return `${config.tls ? "https" : "http"}://${host}:${port}`
}
