import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from "xstate"

// What there is to cover in a machine, read from its definition: every state node and every transition
// definition (`on`, `always`, `after`, an invoke's onDone/onError/onSnapshot, a compound state's onDone),
// each guarded alternative on its own. The recorder (coverage.ts) names what it sees on the real machine
// with the same two functions, so a definition and an observation meet on one key.

/** A state node's key: its id, unique within its machine (`auth.AUTHENTICATED.ready`). */
export const stateKey = (node: AnyStateNode): string => node.id

/** Where a transition goes: its target ids, or `(stays)` for one with no target. */
const targetsOf = (t: AnyTransitionDefinition): string =>
  t.target && t.target.length > 0 ? t.target.map((n: AnyStateNode) => n.id).join(", ") : "(stays)"

/** The transition definitions a node holds for one event descriptor (or `always`), in document order. */
const siblingsOf = (t: AnyTransitionDefinition): ReadonlyArray<AnyTransitionDefinition> =>
  t.eventType === "" ? (t.source.always ?? []) : (t.source.transitions.get(t.eventType) ?? [])

/**
 * A transition's key: source, event (`always` for an eventless one), which of the guarded alternatives it is
 * when there are several, and its targets. Machines made with `.provide()` share their definition's keys.
 */
export function transitionKey(t: AnyTransitionDefinition): string {
  const siblings = siblingsOf(t)
  const event = t.eventType === "" ? "always" : t.eventType
  const which = siblings.length > 1 ? ` #${siblings.indexOf(t) + 1}` : ""
  return `${t.source.id}: ${event}${which} → ${targetsOf(t)}`
}

function* nodesOf(node: AnyStateNode): Generator<AnyStateNode> {
  yield node
  for (const child of Object.values(node.states) as AnyStateNode[]) yield* nodesOf(child)
}

export interface MachineTotals {
  readonly states: ReadonlyArray<string>
  readonly transitions: ReadonlyArray<string>
}

/** Every state node and every transition definition of the machine, each once. */
export function machineTotals(machine: AnyStateMachine): MachineTotals {
  const states: string[] = []
  const transitions: string[] = []
  for (const node of nodesOf(machine.root)) {
    states.push(stateKey(node))
    for (const list of node.transitions.values()) for (const t of list) transitions.push(transitionKey(t))
    for (const t of node.always ?? []) transitions.push(transitionKey(t))
  }
  return { states, transitions }
}

/** Whether a module export is a state machine (as opposed to callback or promise logic). */
export const isStateMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === "object" &&
  value !== null &&
  "root" in value &&
  "getInitialSnapshot" in value &&
  "provide" in value &&
  typeof (value as { id?: unknown }).id === "string"
