// Configuration from the environment: defaults, .env.example, and clear errors for bad values.
import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { ConfigError, loadConfig, publicUrl } from "../../server/config"
import { readTls } from "../../server/http/tls"

describe("config", () => {
  it("defaults to a private demo on port 3000 with the dev server's origin allowed", () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      port: 3000,
      host: "127.0.0.1",
      databaseUrl: null,
      jwtSecret: null,
      trustProxy: false,
    })
    expect(config.dataDir).toMatch(/\/data$/)
    expect(config.allowedOrigins).toEqual([
      "http://localhost:3000",
      "http://127.0.0.1:3000",
      "http://localhost:5173",
      "http://127.0.0.1:5173",
    ])
    expect(config.loginLimitPerIp).toEqual({ max: 50, windowMs: 15 * 60_000 })
    expect(config.loginLimitPerAccount).toEqual({ max: 5, windowMs: 15 * 60_000 })
    expect(config.accessTokenTtlSeconds).toBe(5 * 60)
  })

  it("reads every variable of .env.example", () => {
    const env = Object.fromEntries(
      readFileSync(".env.example", "utf8")
        .split("\n")
        .map((line) => line.replace(/^#\s*/, ""))
        .filter((line) => /^[A-Z_]+=\S/.test(line))
        .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
    )
    expect(Object.keys(env)).toEqual(
      expect.arrayContaining(["PORT", "HOST", "DATA_DIR", "LOG_LEVEL", "ALLOWED_ORIGINS"]),
    )
    const config = loadConfig(env)
    expect(config.allowedOrigins).toEqual(["https://backoffice.example.com"])
    expect(config.connectSrc).toEqual(["https://api.example.com", "wss://api.example.com"])
  })

  it("reads the second-factor settings, defaulting to the page's own relying party", () => {
    expect(loadConfig({}).secondFactor).toEqual({
      rpId: null,
      origins: null,
      rpName: "Maintenance marketplace back office",
      challengeSeconds: 300,
      webauthnChallengeSeconds: 120,
      trustedBrowserDays: 30,
    })
    const set = loadConfig({
      WEBAUTHN_RP_ID: "backoffice.example.com",
      WEBAUTHN_ORIGINS: "https://backoffice.example.com, https://admin.example.com/x",
      TRUSTED_BROWSER_DAYS: "7",
    }).secondFactor
    expect(set).toMatchObject({
      rpId: "backoffice.example.com",
      origins: ["https://backoffice.example.com", "https://admin.example.com"],
      trustedBrowserDays: 7,
    })
    expect(() => loadConfig({ WEBAUTHN_ORIGINS: "not a url" })).toThrow(/WEBAUTHN_ORIGINS/)
    expect(() => loadConfig({ TRUSTED_BROWSER_DAYS: "0" })).toThrow(/TRUSTED_BROWSER_DAYS/)
  })

  it("rejects bad values with a message naming the variable", () => {
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ PORT: "http" }, /PORT/],
      [{ PORT: "70000" }, /PORT/],
      [{ LOG_LEVEL: "loud" }, /LOG_LEVEL/],
      [{ JWT_SECRET: "short" }, /JWT_SECRET/],
      [{ ALLOWED_ORIGINS: "not a url" }, /ALLOWED_ORIGINS/],
      [{ TRUST_PROXY: "maybe" }, /TRUST_PROXY/],
      [{ LOGIN_MAX_FAILURES_PER_IP: "0" }, /LOGIN_MAX_FAILURES_PER_IP/],
      [{ PASSWORD_HASH_CONCURRENCY: "0" }, /PASSWORD_HASH_CONCURRENCY/],
      // A limit whose meaning changed is refused with what replaced it, not silently ignored.
      [{ LOGIN_MAX_PER_IP: "10" }, /LOGIN_MAX_FAILURES_PER_IP/],
      [{ ACCESS_TOKEN_TTL_SECONDS: "0" }, /ACCESS_TOKEN_TTL_SECONDS/],
    ]
    for (const [env, name] of cases) {
      expect(() => loadConfig(env)).toThrow(ConfigError)
      expect(() => loadConfig(env)).toThrow(name)
    }
  })

  it("announces loopback and wildcard binds as localhost", () => {
    expect(publicUrl(loadConfig({ HOST: "0.0.0.0" }), 3000)).toBe("http://localhost:3000")
    expect(publicUrl(loadConfig({}), 4123)).toBe("http://localhost:4123")
    expect(publicUrl(loadConfig({ HOST: "10.0.0.5" }), 80)).toBe("http://10.0.0.5:80")
  })

  it("terminates TLS with both certificate and key, at https origins, and refuses one without the other", () => {
    const config = loadConfig({ PORT: "4443", TLS_CERT_FILE: "tls/cert.pem", TLS_KEY_FILE: "tls/key.pem" })
    expect(config.tls?.certFile).toMatch(/\/tls\/cert\.pem$/)
    expect(config.allowedOrigins.slice(0, 2)).toEqual(["https://localhost:4443", "https://127.0.0.1:4443"])
    expect(publicUrl(config, 4443)).toBe("https://localhost:4443")
    expect(loadConfig({}).tls).toBeNull()
    for (const env of [{ TLS_CERT_FILE: "cert.pem" }, { TLS_KEY_FILE: "key.pem" }]) {
      expect(() => loadConfig(env)).toThrow(ConfigError)
      expect(() => loadConfig(env)).toThrow(/TLS_CERT_FILE and TLS_KEY_FILE/)
    }
    expect(() => readTls(config)).toThrow(/TLS_CERT_FILE could not be read/)
  })
})
