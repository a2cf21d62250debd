// The sign-in notice asked for by index.html's inline script (docs/behaviour.md#early-refresh): what its actor
// adopts, once.
import { afterEach, describe, expect, it } from "vitest"
import { createActor, waitFor } from "xstate"
import { earlyNotice, takeEarlyNotice } from "../../src/effects/accounts/early-notice-take"
import { provideSignInNotice } from "../../src/effects/accounts/sign-in-notice.actors"
import { runtimeLoader } from "../../src/effects/system/runtime-loader"
import { EARLY_NOTICE_KEY } from "../../src/schema/auth/early-refresh"

afterEach(() => {
  Reflect.deleteProperty(globalThis, "window")
})

describe("adopting the early sign-in notice", () => {
  it("reads a notice only from a body that is one", () => {
    expect(earlyNotice({ demo_accounts: true, mail: false })).toEqual({ demo_accounts: true, mail: false })
    for (const other of [null, "x", {}, { demo_accounts: "yes", mail: true }, { demo_accounts: true }])
      expect(earlyNotice(other)).toBeNull()
  })

  it("takes the started call once, and gives null for a failed one or none", async () => {
    Reflect.set(globalThis, "window", {
      [EARLY_NOTICE_KEY]: Promise.resolve({ demo_accounts: false, mail: true }),
    })
    expect(await takeEarlyNotice()).toEqual({ demo_accounts: false, mail: true })
    expect(takeEarlyNotice()).toBeNull()
    Reflect.set(globalThis, "window", { [EARLY_NOTICE_KEY]: Promise.resolve(null) })
    expect(await takeEarlyNotice()).toBeNull()
    Reflect.set(globalThis, "window", {})
    expect(takeEarlyNotice()).toBeNull()
  })

  it("shows the early notice without loading the runtime, and asks the server on the next visit", async () => {
    Reflect.set(globalThis, "window", {
      [EARLY_NOTICE_KEY]: Promise.resolve({ demo_accounts: true, mail: true }),
    })
    let runtimeAsked = 0
    const runtime = runtimeLoader(() => {
      runtimeAsked++
      return Promise.reject(new Error("no runtime in this test"))
    }, 1000)
    const actor = createActor(provideSignInNotice(runtime)).start()
    actor.send({ type: "signInNotice.load" })
    await waitFor(actor, (s) => s.matches("loaded"))
    expect(actor.getSnapshot().context).toEqual({ demoAccounts: true, mail: true })
    expect(runtimeAsked).toBe(0)
    actor.stop()
  })
})
