import { describe, expect, it } from "vitest"
import {
  COALESCE,
  NEW_NOTIFICATION,
  planToast,
  type ToastPlan,
} from "../../src/machines/notifications/toast-coalesce"

const run = (times: number[], title = "Hello") => {
  let recent: number[] = []
  const plans: ToastPlan[] = []
  for (const at of times) {
    const decided = planToast(recent, at, title)
    recent = decided.recent
    plans.push(decided.plan)
  }
  return plans
}

describe("toast coalescing", () => {
  it("shows a single toast with the title, or 'New notification' without one", () => {
    expect(run([0])).toEqual([{ kind: "single", title: "Hello" }])
    expect(run([0], "  ")).toEqual([{ kind: "single", title: NEW_NOTIFICATION }])
  })
  it("shows five singles, then one counting toast from the sixth within 10 s", () => {
    const plans = run([0, 1000, 2000, 3000, 4000, 5000, 6000])
    expect(plans.slice(0, 5).every((p) => p.kind === "single")).toBe(true)
    expect(plans[5]).toEqual({ kind: "burst", count: 6, text: "6 new notifications" })
    expect(plans[6]).toEqual({ kind: "burst", count: 7, text: "7 new notifications" })
  })
  it("forgets arrivals older than the window", () => {
    const plans = run([0, 1, 2, 3, 4, COALESCE.windowMs + 5])
    expect(plans[5]).toEqual({ kind: "single", title: "Hello" })
  })
})
