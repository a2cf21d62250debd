import { describe, expect, it } from "vitest"
import { assign, createActor, type EventObject, fromCallback, setup } from "xstate"
import { sessionWatch } from "../../src/machines/session-watch"
import { SYSTEM_IDS } from "../../src/machines/system-ids"

// The session watch starts browser push at sign-in and stops (unregisters) it at sign-out, once each, while
// token refreshes in between leave push alone (SPEC §7: initialised on login, unregistered on logout).

type AuthEvent = { type: "set"; isAuthenticated: boolean; accessToken: string | null }

const fakeAuth = setup({
  types: { context: {} as { isAuthenticated: boolean; accessToken: string | null }, events: {} as AuthEvent },
}).createMachine({
  context: { isAuthenticated: false, accessToken: null },
  on: {
    set: {
      actions: assign(({ event }) => ({
        isAuthenticated: event.isAuthenticated,
        accessToken: event.accessToken,
      })),
    },
  },
})

function system(received: Record<string, string[]>) {
  const recorder = (name: string) =>
    fromCallback<EventObject>(({ receive }) => {
      receive((event) => {
        received[name] = [...(received[name] ?? []), event.type]
      })
      return () => {}
    })
  const root = setup({
    actors: {
      auth: fakeAuth,
      push: recorder("push"),
      socket: recorder("socket"),
      notifications: recorder("notifications"),
      sessionWatch,
    },
  }).createMachine({
    invoke: [
      { id: "auth", systemId: SYSTEM_IDS.auth, src: "auth" },
      { id: "push", systemId: SYSTEM_IDS.push, src: "push" },
      { id: "socket", systemId: SYSTEM_IDS.socket, src: "socket" },
      { id: "notifications", systemId: SYSTEM_IDS.notifications, src: "notifications" },
      { id: "sessionWatch", systemId: SYSTEM_IDS.sessionWatch, src: "sessionWatch" },
    ],
  })
  return createActor(root).start()
}

describe("session watch and push", () => {
  it("starts push at sign-in, leaves it through token refreshes, and stops it at sign-out", () => {
    const received: Record<string, string[]> = {}
    const root = system(received)
    const auth = root.system.get(SYSTEM_IDS.auth)
    expect(received.push).toBeUndefined()
    auth?.send({ type: "set", isAuthenticated: true, accessToken: "a" })
    auth?.send({ type: "set", isAuthenticated: true, accessToken: "b" })
    expect(received.push).toEqual(["push.start"])
    expect(received.socket).toEqual(["socket.start", "socket.start"])
    auth?.send({ type: "set", isAuthenticated: false, accessToken: null })
    expect(received.push).toEqual(["push.start", "push.stop"])
    auth?.send({ type: "set", isAuthenticated: true, accessToken: "c" })
    expect(received.push).toEqual(["push.start", "push.stop", "push.start"])
    root.stop()
  })
})
