import { notFound } from "../../errors"
import { isUuid } from "../../ids"
import type { Db } from "../db"
import { CORE_COLUMNS, type RecordCore, type RecordKindEntry } from "./record-kind"

// Finding one record of a kind by its uuid: a uuid of another kind, or none at all, is a 404.

type Entry<Row extends RecordCore> = RecordKindEntry<Row, unknown, unknown>

/** The shared columns of the record, locked for the transaction when `forUpdate` (PostgreSQL). */
export async function findCore(
  db: Db,
  entry: Pick<Entry<RecordCore>, "table" | "requestKind">,
  uuid: string,
  forUpdate = false,
): Promise<RecordCore> {
  if (!isUuid(uuid)) throw notFound()
  let query = db.selectFrom(entry.table).select(CORE_COLUMNS).where("uuid", "=", uuid)
  if (entry.requestKind !== null) query = query.where("kind", "=", entry.requestKind)
  const row = await (forUpdate ? query.forUpdate() : query).executeTakeFirst()
  if (row === undefined) throw notFound()
  return row
}

/** The kind's own row with this id, which the caller has just found or changed. */
export async function rowOf<Row extends RecordCore>(db: Db, entry: Entry<Row>, id: number): Promise<Row> {
  const [row] = await entry.rowsById(db, [id])
  if (row === undefined) throw notFound()
  return row
}

export const findRecord = async <Row extends RecordCore>(db: Db, entry: Entry<Row>, uuid: string) =>
  rowOf(db, entry, (await findCore(db, entry, uuid)).id)

export const recordDetail = async <Row extends RecordCore, Detail>(
  db: Db,
  entry: RecordKindEntry<Row, unknown, Detail>,
  uuid: string,
  now: Date,
): Promise<Detail> => entry.detail(db, await findRecord(db, entry, uuid), now)

/** The rows in the order of the ids; an id with no row is left out. */
export const inIdOrder = <Row extends { readonly id: number }>(
  ids: ReadonlyArray<number>,
  rows: ReadonlyArray<Row>,
): Row[] => {
  const byId = new Map(rows.map((row) => [row.id, row]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}
