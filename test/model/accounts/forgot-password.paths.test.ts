import { describe, expect, it } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { getSimplePaths } from "xstate/graph"
import {
  forgotPasswordMachine,
  RESET_REQUEST_FAILED,
} from "../../../src/machines/accounts/forgot-password.machine"
import type { ResetRequested } from "../../../src/schema/accounts/password-reset"
import { describeEvent, getEdgePaths, pathEvents, pending, replay, WHOLE_GRAPH_TIMEOUT_MS } from "../walk"

const machine = forgotPasswordMachine.provide({ actors: { requestReset: pending() } })
const SENT = "If an account has this email, a link to choose a new password is on its way."
const events = pathEvents(machine, [
  { type: "forgotPassword.open" },
  { type: "forgotPassword.submit", email: " vera@example.com " },
  { type: "forgotPassword.again" },
  { type: "xstate.done.actor.requestReset", output: { detail: SENT } },
  { type: "xstate.error.actor.requestReset", error: { detail: "Too many password-reset requests." } },
])

describe("forgot-password machine paths", () => {
  const paths = getSimplePaths(machine, { events })
  it("reaches every state", () => {
    expect(new Set(paths.map((p) => p.state.value))).toEqual(new Set(["ready", "sending", "sent"]))
  })
  const walk = (path: (typeof paths)[number]) => {
    const actor = replay(machine, path.steps)
    const { value, context } = actor.getSnapshot()
    expect(value).toEqual(path.state.value)
    const last = String(path.steps.at(-1)?.event.type)
    if (value === "sending") expect(context).toMatchObject({ email: "vera@example.com", error: null })
    if (value === "sent") expect(context.sent).toBe(SENT)
    if (value !== "sent") expect(context.sent).toBeNull()
    if (value === "ready" && last === "xstate.error.actor.requestReset")
      expect(context.error).toBe("Too many password-reset requests.")
    if (last === "forgotPassword.open") expect(context).toEqual({ email: "", sent: null, error: null })
    actor.stop()
  }
  for (const path of paths) it(path.steps.map((s) => describeEvent(s.event)).join(" → "), () => walk(path))
  it(
    "takes every event from every state it reaches",
    () => {
      for (const path of getEdgePaths(machine, { events })) walk(path)
    },
    WHOLE_GRAPH_TIMEOUT_MS,
  )

  it("sends the trimmed email, and says a failure without a sentence in words", async () => {
    const asked: unknown[] = []
    const actor = createActor(
      forgotPasswordMachine.provide({
        actors: {
          requestReset: fromPromise<ResetRequested, { email: string }>(async ({ input }) => {
            asked.push(input)
            throw new Error("offline")
          }),
        },
      }),
    ).start()
    actor.send({ type: "forgotPassword.submit", email: "  vera@example.com " })
    const failed = await waitFor(actor, (s) => s.value === "ready" && s.context.error !== null)
    expect(failed.context.error).toBe(RESET_REQUEST_FAILED)
    expect(asked).toEqual([{ email: "vera@example.com" }])
    actor.stop()
  })
})
