import { signInFlowsMachine } from "../accounts/sign-in-flows.machine"
import { authMachine } from "../auth/auth.machine"
import { refreshMachine } from "../auth/refresh.machine"
import { uiPreferencesMachine } from "../shell/ui-preferences.machine"
import { supportMachine } from "../support/support.machine"
import { tabsMachine } from "../tabs/tabs.machine"
import { busMachine } from "./bus.machine"

/**
 * The actors the root runs from the first moment, by systemId, in the order they start: the bus first, so
 * that it hears every fact; the refresh queue before anything can ask it for a token.
 */
export const ROOT_ACTORS = {
  bus: busMachine,
  refresh: refreshMachine,
  auth: authMachine,
  tabs: tabsMachine,
  uiPreferences: uiPreferencesMachine,
  support: supportMachine,
  // The signed-out pages' machines, loaded when one of those pages asks (../accounts/sign-in-flows.machine.ts).
  signInFlows: signInFlowsMachine,
} as const

export type RootActorId = keyof typeof ROOT_ACTORS
/** The root's children in the order they start (the order of the map above). */
export const ROOT_ACTOR_IDS = [
  "bus",
  "refresh",
  "auth",
  "tabs",
  "uiPreferences",
  "support",
  "signInFlows",
] as const satisfies ReadonlyArray<RootActorId>
type AssertTrue<T extends true> = T
/** Compiles only while ROOT_ACTOR_IDS lists every actor of ROOT_ACTORS. */
export type RootActorIdsComplete = AssertTrue<
  Exclude<RootActorId, (typeof ROOT_ACTOR_IDS)[number]> extends never ? true : false
>
