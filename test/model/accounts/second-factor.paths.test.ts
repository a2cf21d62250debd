import { describe, expect, it } from "vitest"
import { getShortestPaths } from "xstate/graph"
import {
  PASSKEY_ADDED,
  SECOND_FACTOR_CHANGE_FAILED,
  SECOND_FACTOR_LOAD_FAILED,
  type SecondFactorContext,
  secondFactorMachine,
} from "../../../src/machines/accounts/second-factor.machine"
import type { SecondFactorStatus } from "../../../src/schema/accounts/second-factor"
import {
  describeEvent,
  getEdgePaths,
  pathEvents,
  pending,
  replay,
  sendSystemEvent,
  WHOLE_GRAPH_TIMEOUT_MS,
} from "../walk"

// Your second factors at /user-settings: the real machine with every call left pending, their outcomes delivered
// as events.

const passkey = { id: "pk-1", name: "Laptop", created_at: "2026-11-26T10:00:00.000Z", last_used_at: null }
const STATUS: SecondFactorStatus = {
  totp: { enabled: true, added_at: "2026-11-26T10:00:00.000Z" },
  recovery_codes_left: 10,
  passkeys: [passkey],
  required: false,
  trusted_browser_until: null,
}
const codes = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`)
const machine = secondFactorMachine.provide({
  actors: {
    loadStatus: pending(),
    startTotp: pending(),
    confirmTotp: pending(),
    removeTotp: pending(),
    regenerateCodes: pending(),
    addPasskey: pending(),
    renamePasskey: pending(),
    removePasskey: pending(),
    forgetBrowser: pending(),
  },
})
const wrong = { kind: "http", status: 400, detail: "That code is not right." }
const events = pathEvents(machine, [
  { type: "secondFactor.reload" },
  { type: "secondFactor.startTotp" },
  { type: "secondFactor.confirmTotp", code: "123456" },
  { type: "secondFactor.cancelTotp" },
  { type: "secondFactor.removeTotp", password: "pw" },
  { type: "secondFactor.regenerateCodes", password: "pw" },
  { type: "secondFactor.addPasskey", name: "Phone" },
  { type: "secondFactor.renamePasskey", id: "pk-1", name: "Desk" },
  { type: "secondFactor.removePasskey", id: "pk-1" },
  { type: "secondFactor.forgetBrowser" },
  { type: "secondFactor.dismiss" },
  { type: "xstate.done.actor.loadStatus", output: STATUS },
  { type: "xstate.error.actor.loadStatus", error: new Error("offline") },
  {
    type: "xstate.done.actor.startTotp",
    output: { secret: "JBSWY3DP", otpauth_url: "otpauth://x", qr_svg: "<svg/>" },
  },
  { type: "xstate.error.actor.startTotp", error: new Error("offline") },
  { type: "xstate.done.actor.confirmTotp", output: codes },
  { type: "xstate.error.actor.confirmTotp", error: wrong },
  { type: "xstate.done.actor.removeTotp", output: "Authenticator app removed." },
  { type: "xstate.error.actor.removeTotp", error: wrong },
  { type: "xstate.done.actor.regenerateCodes", output: codes },
  { type: "xstate.error.actor.regenerateCodes", error: wrong },
  { type: "xstate.done.actor.addPasskey", output: passkey },
  { type: "xstate.error.actor.addPasskey", error: new Error("NotAllowedError") },
  { type: "xstate.done.actor.renamePasskey", output: { ...passkey, name: "Desk" } },
  { type: "xstate.error.actor.renamePasskey", error: new Error("offline") },
  { type: "xstate.done.actor.removePasskey", output: "Passkey removed." },
  { type: "xstate.error.actor.removePasskey", error: wrong },
  { type: "xstate.done.actor.forgetBrowser", output: "This browser will ask for a second factor again." },
  { type: "xstate.error.actor.forgetBrowser", error: new Error("offline") },
])

const serializeState = (s: { value: unknown; context: SecondFactorContext }) =>
  JSON.stringify([
    s.value,
    s.context.status !== null,
    s.context.loadError,
    s.context.enrolment !== null,
    s.context.codes !== null,
    s.context.error,
    s.context.done,
  ])

/** What holds in every state: a key only while it is being confirmed; a message is one of the known ones. */
function checkInvariants(ctx: SecondFactorContext, value: unknown) {
  const v = JSON.stringify(value)
  expect(ctx.enrolment !== null).toBe(v.includes("enrolling") || v.includes("confirmingTotp"))
  if (v.includes('"failed"')) expect(ctx.loadError).toBe(SECOND_FACTOR_LOAD_FAILED)
  if (ctx.codes !== null) expect(ctx.codes).toHaveLength(10)
  if (ctx.error !== null)
    expect([SECOND_FACTOR_CHANGE_FAILED, wrong.detail, SECOND_FACTOR_LOAD_FAILED]).toContain(ctx.error)
  if (ctx.done !== null) expect(typeof ctx.done).toBe("string")
}

function walk(steps: ReadonlyArray<{ event: (typeof events)[number] }>) {
  const actor = replay(machine, [])
  for (const step of steps.slice(1)) {
    actor.send(step.event)
    checkInvariants(actor.getSnapshot().context, actor.getSnapshot().value)
  }
  const end = actor.getSnapshot()
  actor.stop()
  return end
}

describe("second factor settings paths", () => {
  const shortest = getShortestPaths(machine, { events, serializeState })

  for (const path of shortest) {
    it(`shortest: ${path.steps.map((s) => describeEvent(s.event)).join(" → ")}`, () => {
      expect(serializeState(walk(path.steps))).toBe(serializeState(path.state))
    })
  }

  it(
    "takes every event from every state it reaches",
    () => {
      const edges = getEdgePaths(machine, { events, serializeState })
      for (const path of edges) expect(walk(path.steps).value).toEqual(path.state.value)
    },
    WHOLE_GRAPH_TIMEOUT_MS,
  )

  it("a confirmed app shows its ten codes once and reads the factors again; a passkey added says so", () => {
    const actor = replay(machine, [])
    actor.send({ type: "secondFactor.startTotp" })
    sendSystemEvent(actor, {
      type: "xstate.done.actor.startTotp",
      output: { secret: "K", otpauth_url: "o", qr_svg: "<svg/>" },
    })
    actor.send({ type: "secondFactor.confirmTotp", code: "1" })
    sendSystemEvent(actor, { type: "xstate.done.actor.confirmTotp", output: codes })
    expect(actor.getSnapshot().value).toEqual({ overview: "loading", change: "idle" })
    expect(actor.getSnapshot().context.codes).toEqual(codes)
    actor.send({ type: "secondFactor.dismiss" })
    expect(actor.getSnapshot().context.codes).toBeNull()
    actor.send({ type: "secondFactor.addPasskey", name: "Phone" })
    sendSystemEvent(actor, { type: "xstate.done.actor.addPasskey", output: passkey })
    expect(actor.getSnapshot().context.done).toBe(PASSKEY_ADDED)
    actor.stop()
  })
})
