// The push service worker (public/firebase-messaging-sw.js), run in a sandbox with a stand-in for the
// worker's global scope: background messages become notifications tagged by id, shown tabs get the message
// instead, and a click focuses an open tab or opens the app, following only paths of this app.
import { readFileSync } from "node:fs"
import { runInNewContext } from "node:vm"
import { describe, expect, it } from "vitest"

const SOURCE = readFileSync("public/firebase-messaging-sw.js", "utf8")
const ORIGIN = "https://backoffice.example"

interface FakeClient {
  url: string
  visibilityState: "visible" | "hidden"
  posted: unknown[]
  focused: boolean
  navigatedTo: string | null
  postMessage: (m: unknown) => void
  focus: () => Promise<FakeClient>
  navigate: (url: string) => Promise<FakeClient>
}

function client(url: string, visibilityState: "visible" | "hidden"): FakeClient {
  const c: FakeClient = {
    url,
    visibilityState,
    posted: [],
    focused: false,
    navigatedTo: null,
    postMessage: (m) => void c.posted.push(m),
    focus: async () => {
      c.focused = true
      return c
    },
    navigate: async (to) => {
      c.navigatedTo = to
      return c
    },
  }
  return c
}

function worker(windows: FakeClient[]) {
  const listeners = new Map<string, (event: unknown) => void>()
  const shown: { title: string; options: Record<string, unknown> }[] = []
  const opened: string[] = []
  const self = {
    location: new URL(`${ORIGIN}/firebase-messaging-sw.js`),
    addEventListener: (type: string, fn: (event: unknown) => void) => listeners.set(type, fn),
    skipWaiting: () => undefined,
    registration: {
      showNotification: async (title: string, options: Record<string, unknown>) =>
        void shown.push({ title, options }),
    },
    clients: {
      matchAll: async () => windows,
      openWindow: async (url: string) => void opened.push(url),
      claim: async () => undefined,
    },
  }
  runInNewContext(SOURCE, { self, URL, decodeURIComponent })
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    let work: Promise<unknown> = Promise.resolve()
    const waitUntil = (p: Promise<unknown>) => {
      work = p
    }
    listeners.get(type)?.({ ...event, waitUntil })
    await work
  }
  const push = (payload: unknown) => dispatch("push", { data: { json: () => payload } })
  const click = (data: unknown) => {
    const notification = {
      data,
      closed: false,
      close: () => {
        notification.closed = true
      },
    }
    return dispatch("notificationclick", { notification }).then(() => notification)
  }
  return { shown, opened, push, click }
}

describe("push service worker", () => {
  it("shows a background message as a notification tagged with its id, with only a safe action URL", async () => {
    const sw = worker([client(`${ORIGIN}/dashboard`, "hidden")])
    await sw.push({
      data: { notification_id: "41", title: "Approved", body: "Request 4", action_url: "/settings" },
    })
    await sw.push({ data: { notification_id: "42", title: "Evil", action_url: "//evil.example/x" } })
    await sw.push({ data: {} })
    expect(sw.shown).toEqual([
      {
        title: "Approved",
        options: expect.objectContaining({
          body: "Request 4",
          tag: "notification-41",
          data: { notification_id: "41", action_url: "/settings" },
        }),
      },
      {
        title: "Evil",
        options: expect.objectContaining({
          tag: "notification-42",
          data: { notification_id: "42", action_url: null },
        }),
      },
      { title: "New notification", options: expect.not.objectContaining({ tag: expect.anything() }) },
    ])
  })

  it("hands the message to the tabs, as firebase's onMessage reads it, when one of them is shown", async () => {
    const shownTab = client(`${ORIGIN}/dashboard`, "visible")
    const hiddenTab = client(`${ORIGIN}/notifications`, "hidden")
    const sw = worker([shownTab, hiddenTab])
    const payload = { data: { notification_id: "7", title: "T" }, from: "123" }
    await sw.push(payload)
    expect(sw.shown).toEqual([])
    for (const tab of [shownTab, hiddenTab])
      expect(tab.posted).toEqual([{ ...payload, isFirebaseMessaging: true, messageType: "push-received" }])
  })

  it("on click focuses an open tab and takes it to the action URL, or opens the app there", async () => {
    const tab = client(`${ORIGIN}/dashboard`, "hidden")
    const sw = worker([tab])
    const clicked = await sw.click({ notification_id: "41", action_url: "/settings" })
    expect(clicked.closed).toBe(true)
    expect(tab.focused).toBe(true)
    expect(tab.navigatedTo).toBe("/settings")

    const none = worker([])
    await none.click({ notification_id: "41", action_url: "/work-request-details/abc" })
    await none.click({ notification_id: "42", action_url: "javascript:alert(1)" })
    await none.click({ notification_id: "43", action_url: "/\\evil.example" })
    expect(none.opened).toEqual(["/work-request-details/abc", "/", "/"])
  })
})
