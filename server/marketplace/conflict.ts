import type { AnyStatus } from "../../src/schema/marketplace/marketplace"
import { type Conflict, conflict } from "../errors"
import { lastAudit } from "./audit"
import type { Db } from "./db"
import { formatWhen } from "./text"

// The 409 a second coordinator gets: not "conflict", but what already happened, by whom and when, so they
// can see at once that their action is no longer needed.

export interface DecidedState {
  readonly status: AnyStatus
  readonly decided_by_name: string | null
  readonly decided_at: Date | null
}

export async function alreadyDecided(
  db: Db,
  noun: string,
  uuid: string,
  current: DecidedState,
): Promise<Conflict> {
  if (current.status !== "pending") {
    const by = current.decided_by_name ? ` by ${current.decided_by_name}` : ""
    const at = current.decided_at ? ` at ${formatWhen(current.decided_at)}` : ""
    return conflict(`This ${noun} was already ${current.status}${by}${at}.`)
  }
  const last = await lastAudit(db, uuid)
  const how =
    last?.action === "reopened" ? ` (reopened by ${last.actor_name} at ${formatWhen(new Date(last.at))})` : ""
  return conflict(`This ${noun} is already pending${how}.`)
}
