// @vitest-environment happy-dom
import { cleanup, render } from "@testing-library/react"
import { Profiler } from "react"
import { afterEach, beforeAll, describe, expect, it } from "vitest"
import { type Actor, type AnyStateMachine, assign, createActor, fromPromise, setup, waitFor } from "xstate"
import { dashboardMachine } from "../../src/machines/dashboard/dashboard.machine"
import { Bell } from "../../src/views/notifications/Bell"
import { loadGlyphs } from "../../src/views/shared/glyph-hooks"
import type { LiveParts } from "../../src/views/shell/live-parts-hooks"
import { AppProvider } from "../../src/views/system/app-context"
import { summary } from "../model/dashboard/summary-fixture"

// A live notification changes the unread count in every open tab of the session, fifty of them at times: the
// bell must show it in the task that changed it, drawn once, not again in a task of its own after the others.

let root: Actor<AnyStateMachine> | undefined
let live: LiveParts
beforeAll(async () => {
  live = await import("../../src/views/shell/live-parts")
  // Here before the bell draws: their arrival would draw it once more, at a time of its own.
  await loadGlyphs()
})
afterEach(() => {
  cleanup()
  root?.stop()
  Reflect.set(globalThis, "IS_REACT_ACT_ENVIRONMENT", undefined)
})

/** The notifications as the bell reads them: a first page shown, and the count as the socket says it. */
const notifications = setup({
  types: { events: {} as { type: "count"; unread: number } },
}).createMachine({
  context: { unread: 3, items: [] },
  initial: "active",
  states: { active: { type: "parallel", states: { list: { initial: "ready", states: { ready: {} } } } } },
  on: { count: { actions: assign({ unread: ({ event }) => event.unread }) } },
})

function started() {
  const dashboard = dashboardMachine.provide({ actors: { loadSummary: fromPromise(async () => summary(2)) } })
  const actor = createActor(
    setup({ actors: { dashboard, notifications } }).createMachine({
      invoke: [
        { src: "dashboard", systemId: "dashboard" },
        { src: "notifications", systemId: "notifications" },
      ],
    }),
  ).start()
  root = actor
  const commits: number[] = []
  const view = render(
    <AppProvider actor={actor}>
      <Profiler id="bell" onRender={() => commits.push(commits.length)}>
        <Bell live={live} />
      </Profiler>
    </AppProvider>,
  )
  const label = () => view.getByRole("button", { name: /^Notifications/ }).getAttribute("aria-label")
  return { actor, commits, label }
}

/** Lets the queued microtasks run (React draws a synchronous update in one), and no task after them. */
const microtasks = async () => {
  for (let i = 0; i < 10; i++) await new Promise<void>((resolve) => queueMicrotask(resolve))
}

describe("the bell's live count", () => {
  it("is drawn in the task that changed it", async () => {
    const { actor, label } = started()
    await microtasks()
    // As in the browser: React schedules its own work, no test harness flushes it.
    Reflect.set(globalThis, "IS_REACT_ACT_ENVIRONMENT", false)
    actor.system.get("notifications")?.send({ type: "count", unread: 4 })
    await microtasks()
    expect(label()).toBe("Notifications, 4 unread")
  })

  it("is not drawn again when the summary's copy of the count follows", async () => {
    const { actor, commits, label } = started()
    const dashboard = actor.system.get("dashboard")
    dashboard?.send({ type: "dashboard.show" })
    await waitFor(dashboard, (s) => s.context.summary !== null)
    await microtasks()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(label()).toBe("Notifications, 3 unread")
    Reflect.set(globalThis, "IS_REACT_ACT_ENVIRONMENT", false)
    const before = commits.length
    dashboard?.send({ type: "dashboard.unread", unread: 4 })
    await microtasks()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(commits.length).toBe(before)
    expect(label()).toBe("Notifications, 3 unread")
  })
})
