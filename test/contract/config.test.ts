// Configuration from the environment: defaults, .env.example, and clear errors for bad values.
import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { ConfigError, loadConfig, publicUrl } from "../../server/config"

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
})
