import { describe, expect, it } from "vitest"
import type { SessionFact } from "../../../src/machines/system/facts"
import { replay, sendSystemEvent } from "../walk"
import { enrolment, machine, session, setupRequired } from "./auth-fixtures"

// A passkey as the factor a held-back sign-in sets up (src/machines/auth/sign-in-steps.ts, settingUp): the
// outcomes ./auth.paths.test.ts walks as edges, told here as a person meets them.

describe("a passkey set up at sign-in", () => {
  /** Signed out, the password was right and the policy asks for a factor: the app's key is being prepared. */
  const settingUp = () => {
    const actor = replay(machine, [])
    sendSystemEvent(actor, { type: "xstate.error.actor.refreshToken", error: new Error("no cookie") })
    actor.send({ type: "auth.login", email: "c@example.com", password: "pw" })
    sendSystemEvent(actor, { type: "xstate.done.actor.login", output: setupRequired })
    return actor
  }
  const at = (actor: ReturnType<typeof settingUp>) => actor.getSnapshot().value

  it("completes the sign-in at once, with no recovery codes to show, and says it was a sign-in", () => {
    const actor = settingUp()
    const facts: SessionFact[] = []
    actor.on("*", (fact: SessionFact) => facts.push(fact))
    sendSystemEvent(actor, { type: "xstate.done.actor.startSetup", output: enrolment })
    actor.send({ type: "auth.setupPasskey", name: "Laptop" })
    expect(at(actor)).toEqual({ UNAUTHENTICATED: { settingUp: { enrolling: "addingPasskey" } } })
    sendSystemEvent(actor, { type: "xstate.done.actor.setupPasskey", output: session })
    expect(actor.getSnapshot().matches("AUTHENTICATED")).toBe(true)
    expect(actor.getSnapshot().context).toMatchObject({ accessToken: "t-2fa", challenge: null, setUp: null })
    expect(facts.find((f) => f.type === "session.signedIn")).toMatchObject({ how: "login", token: "t-2fa" })
  })

  it("refused, goes back to the app's key when it was prepared, else to its retry, with why", () => {
    const prepared = settingUp()
    sendSystemEvent(prepared, { type: "xstate.done.actor.startSetup", output: enrolment })
    prepared.send({ type: "auth.setupPasskey", name: "Laptop" })
    sendSystemEvent(prepared, {
      type: "xstate.error.actor.setupPasskey",
      error: new Error("NotAllowedError"),
    })
    expect(at(prepared)).toEqual({ UNAUTHENTICATED: { settingUp: { enrolling: "entering" } } })
    expect(prepared.getSnapshot().context.error).toBe("The passkey could not be added. Please try again.")

    const unprepared = settingUp()
    sendSystemEvent(unprepared, { type: "xstate.error.actor.startSetup", error: new Error("503") })
    unprepared.send({ type: "auth.setupPasskey", name: "Laptop" })
    sendSystemEvent(unprepared, {
      type: "xstate.error.actor.setupPasskey",
      error: { detail: "This passkey is already added." },
    })
    expect(at(unprepared)).toEqual({ UNAUTHENTICATED: { settingUp: { enrolling: "failed" } } })
    expect(unprepared.getSnapshot().context.error).toBe("This passkey is already added.")
  })

  it("is not offered while the app's first code is being checked", () => {
    const actor = settingUp()
    sendSystemEvent(actor, { type: "xstate.done.actor.startSetup", output: enrolment })
    actor.send({ type: "auth.confirmSetup", code: "123456" })
    actor.send({ type: "auth.setupPasskey", name: "Laptop" })
    expect(at(actor)).toEqual({ UNAUTHENTICATED: { settingUp: { enrolling: "confirming" } } })
  })
})
