// @vitest-environment happy-dom
import { act, cleanup, renderHook } from "@testing-library/react"
import type { ReactNode } from "react"
import { afterEach, describe, expect, it } from "vitest"
import { type Actor, type AnyStateMachine, createActor, setup } from "xstate"
import { SESSION_REST_ID } from "../../src/machines/system/registry"
import { useRestState } from "../../src/views/shell/live-parts-hooks"
import { AppProvider } from "../../src/views/system/app-context"

// Where the rest of the session is, as the layout reads it: from the session's state and its rest's, which
// may be nested ones (a state value that is an object) as well as plain names.

let root: Actor<AnyStateMachine> | undefined
afterEach(() => {
  cleanup()
  root?.stop()
})

const rest = setup({}).createMachine({
  initial: "starting",
  states: {
    starting: { on: { started: "running" } },
    running: { initial: "quiet", states: { quiet: {} } },
  },
})

const session = setup({ actors: { rest } }).createMachine({
  initial: "loading",
  states: {
    loading: { on: { loaded: "active" } },
    active: {
      invoke: { id: SESSION_REST_ID, src: "rest" },
      on: { failed: "failed" },
      initial: "shown",
      states: { shown: {} },
    },
    failed: { initial: "told", states: { told: {} } },
  },
})

describe("the rest of the session's state", () => {
  it("is loading until its rest runs, running then, and failed when the session says so", () => {
    const actor = createActor(
      setup({ actors: { session } }).createMachine({ invoke: { src: "session", systemId: "session" } }),
    ).start()
    root = actor
    const wrapper = ({ children }: { children: ReactNode }) => (
      <AppProvider actor={actor}>{children}</AppProvider>
    )
    const { result } = renderHook(() => useRestState(), { wrapper })
    const send = (type: string) => act(() => actor.system.get("session")?.send({ type }))
    expect(result.current).toBe("loading")
    send("loaded")
    expect(result.current).toBe("loading")
    act(() => actor.system.get("session")?.getSnapshot().children[SESSION_REST_ID]?.send({ type: "started" }))
    expect(result.current).toBe("running")
    send("failed")
    expect(result.current).toBe("failed")
  })
})
