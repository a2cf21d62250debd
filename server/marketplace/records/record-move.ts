import type { AnyStatus, RequestKind } from "../../../src/schema/marketplace/marketplace"
import { isUuid } from "../../ids"
import type { Db } from "../db"
import type { ApplicationRow, RequestRow } from "../wire"
import { REQUEST_COLUMNS } from "./request-columns"

// A decision's or a reopen's change of status as one statement: it finds the record by its uuid, locks it,
// changes it if it is in a status the move may leave, and returns the row as it is after with the status it
// left. Each statement of a decision is a round trip to PostgreSQL, and under load those are what a decision
// waits for (bench/RESULTS.md); the find, the update and the read of the row were three.
// The status left comes from the row locked first (a materialized CTE: locked once, whatever the plan):
// RETURNING alone only has the new values. The uuid on the updated row too lets the plan start from it.

export type Move =
  | {
      readonly to: "decided" | "rejected"
      readonly by: { readonly id: number; readonly full_name: string }
      readonly reason: string | null
      readonly at: Date
    }
  | { readonly to: "pending" }

export interface Moved<Row> {
  readonly row: Row
  readonly was: AnyStatus
}

const REQUEST_RETURNING = REQUEST_COLUMNS.map((column) => `r.${column}` as const)

/** The decision's columns, or a reopen clearing them. */
const decisionColumns = <S extends AnyStatus>(move: Move, decided: S) =>
  move.to === "pending"
    ? {
        status: "pending" as const,
        decided_at: null,
        decided_by_user_id: null,
        decided_by_name: null,
        reason: null,
      }
    : {
        status: move.to === "decided" ? decided : ("rejected" as const),
        decided_at: move.at,
        decided_by_user_id: move.by.id,
        decided_by_name: move.by.full_name,
        reason: move.reason,
      }

/** A decision leaves pending; a reopen leaves any other status. */
const leaves = (move: Move) => (move.to === "pending" ? ("<>" as const) : ("=" as const))

export async function moveApplication(
  tx: Db,
  uuid: string,
  move: Move,
): Promise<Moved<ApplicationRow> | undefined> {
  if (!isUuid(uuid)) return undefined
  const found = await tx
    .with(
      (cte) => cte("old").materialized(),
      (db) =>
        db.selectFrom("company_application").select(["id", "status"]).where("uuid", "=", uuid).forUpdate(),
    )
    .updateTable("company_application as r")
    .from("old")
    .set(decisionColumns(move, "accepted"))
    .whereRef("r.id", "=", "old.id")
    .where("r.uuid", "=", uuid)
    .where("r.status", leaves(move), "pending")
    .returningAll("r")
    .returning("old.status as was")
    .executeTakeFirst()
  if (found === undefined) return undefined
  const { was, ...row } = found
  return { row, was }
}

/**
 * A request's reopen also forgets the providers chosen for it and whoever had accepted it, in the same
 * statement (the kind's onReopened does the rest).
 */
export async function moveRequest(
  tx: Db,
  kind: RequestKind,
  uuid: string,
  move: Move,
): Promise<Moved<RequestRow> | undefined> {
  if (!isUuid(uuid)) return undefined
  const forget =
    move.to === "pending"
      ? {
          providers_selected_at: null,
          providers_selected_by_user_id: null,
          providers_selected_by_name: null,
          assigned_provider_id: null,
          provider_assigned_at: null,
        }
      : {}
  const found = await tx
    .with(
      (cte) => cte("old").materialized(),
      (db) =>
        db
          .selectFrom("service_request")
          .select(["id", "status"])
          .where("uuid", "=", uuid)
          .where("kind", "=", kind)
          .forUpdate(),
    )
    .updateTable("service_request as r")
    .from("old")
    .set({ ...decisionColumns(move, "approved"), ...forget })
    .whereRef("r.id", "=", "old.id")
    .where("r.uuid", "=", uuid)
    .where("r.status", leaves(move), "pending")
    .returning(REQUEST_RETURNING)
    .returning("old.status as was")
    .executeTakeFirst()
  if (found === undefined) return undefined
  const { was, ...row } = found
  return { row, was }
}
