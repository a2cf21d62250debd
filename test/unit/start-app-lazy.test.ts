// @vitest-environment happy-dom
import { BroadcastChannel } from "node:worker_threads"
import { afterEach, describe, expect, it, vi } from "vitest"
import { waitFor } from "xstate"
import { type StartedApp, startApp } from "../../src/effects/system/start-app"
import { type ChannelLike, tabLinkOver } from "../../src/effects/tabs/tab-link"
import { lookup } from "../../src/machines/system/registry"
import { demoUser, fakeAuthServer } from "./fake-auth-server"

// startApp with the runtime loaded on first use: a signed-out start needs no Effect code, a browser with a session
// asks for the runtime at once, the other tabs are heard before it has loaded, and a runtime that cannot load
// is an error the user can retry, never a hang.

type RuntimeChunk = typeof import("../../src/effects/system/app-runtime")

/** The runtime's chunk, held back until the test lets it arrive (or fails it), with the calls counted. */
function gatedChunk() {
  let release: (outcome: "arrive" | "fail") => void = () => {}
  const gate = new Promise<"arrive" | "fail">((resolve) => {
    release = resolve
  })
  const load = vi.fn(async (): Promise<RuntimeChunk> => {
    if ((await gate) === "fail") throw new TypeError("Failed to fetch dynamically imported module")
    return import("../../src/effects/system/app-runtime")
  })
  return { load, arrive: () => release("arrive"), fail: () => release("fail") }
}

function jar(cookie: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the test stands in for Set-Cookie
  document.cookie = cookie
}

const open: Array<{ close(): void }> = []
let app: StartedApp | undefined
afterEach(async () => {
  await app?.dispose()
  app = undefined
  for (const channel of open.splice(0)) channel.close()
  jar("session_hint=; path=/; max-age=0")
  vi.restoreAllMocks()
})

/** Node's BroadcastChannel seen as the browser's: each message it hears handed on as a MessageEvent. */
function browserShaped(channel: BroadcastChannel): ChannelLike {
  const heard = new Map<(event: MessageEvent) => void, (event: Event) => void>()
  return {
    postMessage: (message) => channel.postMessage(message),
    addEventListener: (type, listener) => {
      const relay = (event: Event) => {
        if ("data" in event) listener(new MessageEvent(type, { data: event.data }))
      }
      heard.set(listener, relay)
      channel.addEventListener(type, relay)
    },
    removeEventListener: (type, listener) => {
      const relay = heard.get(listener)
      if (relay) channel.removeEventListener(type, relay)
      heard.delete(listener)
    },
    close: () => channel.close(),
  }
}

/** This tab's link and another tab's channel on one fresh name. */
function twoTabs() {
  const name = `start-app-${Math.random()}`
  const here = new BroadcastChannel(name)
  const other = new BroadcastChannel(name)
  open.push(here, other)
  return { link: tabLinkOver(browserShaped(here), null), other }
}

function started(chunk: ReturnType<typeof gatedChunk>, server = fakeAuthServer(), tabs = twoTabs()) {
  app = startApp({
    config: { apiBaseUrl: "http://app.test", socketBaseUrl: "ws://app.test", socketSlowRetryMs: 60_000 },
    ui: { theme: "light", systemDark: false, termsBannerDismissed: false },
    fetch: server.fetch,
    tabs: tabs.link,
    importRuntime: chunk.load,
  })
  const auth = lookup(app.actor.system, "auth")
  if (!auth) throw new Error("the auth actor did not start")
  return { app, auth, server, other: tabs.other }
}

describe("startApp with the runtime loaded on first use", () => {
  it("a signed-out start reaches the sign-in page while the runtime's chunk has not arrived", async () => {
    const chunk = gatedChunk()
    const { auth, server } = started(chunk)
    await waitFor(auth, (s) => s.matches({ UNAUTHENTICATED: "idle" }))
    expect(server.state.refreshes).toBe(0)
  })

  it("a browser with a session asks for the runtime at once, before any call needs it", () => {
    jar("session_hint=1; path=/")
    const chunk = gatedChunk()
    started(chunk)
    expect(chunk.load).toHaveBeenCalledTimes(1)
  })

  it("another tab's sign-in, told before the runtime has loaded, is heard and taken over", async () => {
    const chunk = gatedChunk()
    const { auth, other } = started(chunk)
    await waitFor(auth, (s) => s.matches({ UNAUTHENTICATED: "idle" }))
    other.postMessage({ type: "signedIn", token: "t0", userId: demoUser.id })
    // Adopted with the token alone; the profile waits for the runtime.
    await waitFor(auth, (s) => s.context.accessToken === "t0")
    expect(auth.getSnapshot().matches({ AUTHENTICATED: "fetchingProfile" })).toBe(true)
    chunk.arrive()
    const ready = await waitFor(auth, (s) => s.matches({ AUTHENTICATED: "ready" }))
    expect(ready.context.user).toEqual(demoUser)
  })

  it("a runtime that cannot load fails the sign-in with 'Login failed'; the next sign-in loads it again", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const chunk = gatedChunk()
    const { auth, server } = started(chunk)
    await waitFor(auth, (s) => s.matches({ UNAUTHENTICATED: "idle" }))
    chunk.fail()
    auth.send({ type: "auth.login", email: "c@example.com", password: "pw" })
    const failed = await waitFor(auth, (s) => s.matches("ERROR"))
    expect(failed.context.error).toBe("Login failed")
    expect(server.state.logins).toBe(0)

    chunk.load.mockImplementation(() => import("../../src/effects/system/app-runtime"))
    auth.send({ type: "auth.login", email: "c@example.com", password: "pw" })
    // The fake server refuses every password: the refusal now comes from the server, with its words.
    const refused = await waitFor(auth, (s) => s.matches("ERROR") && server.state.logins === 1)
    expect(refused.context.error).toBe("Invalid email or password.")
  })
})
