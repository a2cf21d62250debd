// Push configuration: the service account selects the Firebase sender (and a broken one stops the start with
// a clear message), the Firebase web configuration opens the CSP to Firebase's endpoints, STATIC_DIR picks
// the build that is served.
import { describe, expect, it } from "vitest"
import { ConfigError, FIREBASE_CONNECT_SRC, loadConfig } from "../../server/config"
import { contentSecurityPolicy } from "../../server/http/security-headers"
import { selectPushSender } from "../../server/push/select-sender"

describe("push configuration", () => {
  it("has push off without a service account", async () => {
    const config = loadConfig({})
    expect(config.firebaseServiceAccount).toBeNull()
    expect(await selectPushSender(config)).toBeNull()
  })

  it("refuses a service account that is neither JSON nor a readable file, naming the variable", async () => {
    for (const raw of ["/nonexistent/service-account.json", "{not json", "[1, 2]"]) {
      const config = loadConfig({ FIREBASE_SERVICE_ACCOUNT: raw })
      expect(config.firebaseServiceAccount).toBe(raw)
      const error = await selectPushSender(config).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(ConfigError)
      expect((error as Error).message).toMatch(/^FIREBASE_SERVICE_ACCOUNT could not be used: /)
    }
  })

  it("lets the page reach Firebase's endpoints only when the build is configured for push", () => {
    const off = contentSecurityPolicy(loadConfig({}))
    for (const origin of FIREBASE_CONNECT_SRC) expect(off["connect-src"]).not.toContain(origin)
    const on = contentSecurityPolicy(loadConfig({ VITE_FIREBASE_API_KEY: "key" }))
    for (const origin of FIREBASE_CONNECT_SRC) expect(on["connect-src"]).toContain(origin)
    // The service worker is served from the app's own origin.
    expect(on["worker-src"]).toEqual(["'self'"])
  })

  it("serves dist unless STATIC_DIR names another build", () => {
    expect(loadConfig({}).staticDir).toMatch(/\/dist$/)
    expect(loadConfig({ STATIC_DIR: "test-results/push-fake-dist" }).staticDir).toMatch(
      /\/test-results\/push-fake-dist$/,
    )
  })
})
