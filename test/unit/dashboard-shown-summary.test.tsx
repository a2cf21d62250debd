// @vitest-environment happy-dom
import { act, renderHook, waitFor } from "@testing-library/react"
import type { ReactNode } from "react"
import { afterEach, describe, expect, it } from "vitest"
import { type Actor, type AnyStateMachine, createActor, fromPromise, setup } from "xstate"
import { dashboardMachine } from "../../src/machines/dashboard/dashboard.machine"
import { useShownSummary } from "../../src/views/marketplace/page-logic"
import { AppProvider } from "../../src/views/system/app-context"
import { summary } from "../model/dashboard/summary-fixture"

// Every open tab of a session hears each live notification and updates the dashboard's copy of the unread count,
// which the dashboard page does not show: the page must not be drawn again for it.

let root: Actor<AnyStateMachine> | undefined
afterEach(() => root?.stop())

function started() {
  // Each load says one more pending work request.
  let loads = 0
  const load = fromPromise(async () => {
    loads++
    return summary(2 + loads)
  })
  const dashboard = dashboardMachine.provide({ actors: { loadSummary: load } })
  root = createActor(
    setup({ actors: { dashboard } }).createMachine({ invoke: { src: "dashboard", systemId: "dashboard" } }),
  ).start()
  const actor = root
  const send = (event: Parameters<typeof dashboard.transition>[1]) =>
    actor.system.get("dashboard")?.send(event)
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProvider actor={actor}>{children}</AppProvider>
  )
  return { send, wrapper }
}

describe("the summary as the dashboard page shows it", () => {
  it("stays the same object when only the unread count changes, and follows what the page shows", async () => {
    const { send, wrapper } = started()
    let renders = 0
    const { result } = renderHook(
      () => {
        renders++
        return useShownSummary()
      },
      { wrapper },
    )
    act(() => send({ type: "dashboard.show" }))
    await waitFor(() => expect(result.current?.work_requests.pending).toBe(3))
    const shown = result.current
    const before = renders
    act(() => send({ type: "dashboard.unread", unread: 7 }))
    act(() => send({ type: "dashboard.unread", unread: 8 }))
    expect(renders).toBe(before)
    expect(result.current).toBe(shown)

    act(() => send({ type: "dashboard.refresh" }))
    await waitFor(() => expect(result.current?.work_requests.pending).toBe(4))
  })
})
