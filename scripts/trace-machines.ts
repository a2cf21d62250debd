import type { AnyStateMachine } from "xstate"
import { SIGN_IN_FLOW_ACTORS } from "../src/machines/accounts/sign-in-flows-registry"
import { appMachine } from "../src/machines/system/app.machine"
import { ROOT_ACTORS } from "../src/machines/system/root-registry"
import { sessionMachine } from "../src/machines/system/session.machine"
import { SESSION_ACTORS } from "../src/machines/system/session-registry"
import { sessionRestMachine } from "../src/machines/system/session-rest.machine"
import { PAGE_MACHINES, REST_ACTORS } from "../src/machines/system/session-rest-registry"

/**
 * The real machines replay runs, by the machine id a trace records: every machine of the registry (the root,
 * the session, their actors and the pages'). A machine missing here is reported, not run.
 */
export const MACHINES: ReadonlyMap<string, AnyStateMachine> = new Map(
  [
    appMachine,
    sessionMachine,
    sessionRestMachine,
    ...Object.values(ROOT_ACTORS),
    ...Object.values(SIGN_IN_FLOW_ACTORS),
    ...Object.values(SESSION_ACTORS),
    ...Object.values(REST_ACTORS),
    ...Object.values(PAGE_MACHINES),
  ].map((machine): [string, AnyStateMachine] => [machine.id, machine as AnyStateMachine]),
)
