import { Schema } from "effect"
import { sql } from "kysely"
import {
  ApplicationViewParams,
  RequestViewParams,
  type SavedViewCount,
  type SavedViewList,
} from "../../src/schema/marketplace/saved-views"
import type { AuthUser } from "../auth/users"
import type { Db } from "./db"
import { type DueClock, type RecordView, viewConditions } from "./records/record-filter-sql"
import { RECORD_KINDS } from "./records/record-kinds"

// The team's shared views with the number of records each matches now, for the sidebar
// (docs/behaviour.md#saved-views). A view counts exactly as its list would: the same conditions
// (./records/record-filter-sql), its list's status, "mine" as the caller.

const decodeRequest = Schema.decodeUnknownOption(RequestViewParams)
const decodeApplication = Schema.decodeUnknownOption(ApplicationViewParams)

function viewOf(list: SavedViewList, query: string): RecordView | null {
  const values = Object.fromEntries(new URLSearchParams(query))
  const decoded = list.startsWith("application:") ? decodeApplication(values) : decodeRequest(values)
  return decoded._tag === "Some" ? decoded.value : null
}

async function countOne(
  db: Db,
  list: SavedViewList,
  query: string,
  viewerId: number,
  clock: DueClock,
): Promise<number> {
  const [source, status] = list.split(":") as [keyof typeof RECORD_KINDS, string]
  const entry = RECORD_KINDS[source]
  const view = viewOf(list, query)
  // Saved views are checked when saved; one the list no longer takes counts nothing rather than failing all.
  if (view === null) return 0
  let base = db.selectFrom(entry.table).where(sql<boolean>`status = ${status}`)
  if (entry.requestKind !== null) base = base.where("kind", "=", entry.requestKind)
  for (const condition of viewConditions(entry.table, view, viewerId, clock)) base = base.where(condition)
  const row = await base.select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function sharedViewCounts(db: Db, user: AuthUser, clock: DueClock): Promise<SavedViewCount[]> {
  const views = await db
    .selectFrom("saved_view")
    .select(["uuid", "name", "list", "query"])
    .where("shared", "=", true)
    .orderBy("list")
    .orderBy(sql`lower(name)`)
    .orderBy("id")
    .execute()
  const out: SavedViewCount[] = []
  // One after another: on the embedded database statements queue anyway, and a team has a handful.
  for (const v of views) {
    const list = v.list as SavedViewList
    out.push({
      uuid: v.uuid,
      name: v.name,
      list,
      query: v.query,
      count: await countOne(db, list, v.query, user.id, clock),
    })
  }
  return out
}
