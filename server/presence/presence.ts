// Who is viewing which record (docs/behaviour.md#presence), across instances. Each view of a socket shows at
// most one record: a socket has its own view, and the tabs that share it (docs/behaviour.md#one-socket-per-session)
// one each, by name. A view's row in `record_viewer` says so to every instance, and a NOTIFY on `record_presence` with
// `<kind>:<uuid>` tells them that record's viewers changed. The instance holding sockets on that record reads
// its viewers and sends each socket the list without the socket's own user. Work for one record runs one task
// at a time, so a socket never receives an older list after a newer one.
import { randomUUID } from "node:crypto"
import { type Kysely, sql } from "kysely"
import type { Viewer } from "../../src/schema/live/presence"
import type { RecordSource } from "../../src/schema/system/app-routes"
import type { DatabaseHandle, Unlisten } from "../db/database"
import type { Database } from "../db/schema"
import { parseRecordPayload, type RecordKey, recordPayload } from "../marketplace/record-key"
import { type Client, frame, type SocketHub, sendFrame } from "../notifications/socket-hub"
import type { PresenceConfig } from "./config"

export const PRESENCE_CHANNEL = "record_presence"

interface Viewing extends RecordKey {
  readonly socketId: string
}

export interface PresenceLog {
  readonly warn: (message: string, error?: unknown) => void
}

export interface Presence {
  /** The socket's view `name` ("" or none: its own) shows this record now. */
  readonly view: (client: Client, kind: RecordSource, uuid: string, name?: string) => Promise<void>
  /** The socket's view `name` left its record; with no name given, every view of the socket (it closed). */
  readonly leave: (client: Client, name?: string) => Promise<void>
  /** Deletes this instance's rows (shutdown) and stops listening and refreshing. */
  readonly stop: () => Promise<void>
}

const keyOf = (record: RecordKey): string => recordPayload(record.kind, record.uuid)

const notify = (db: Kysely<Database>, record: RecordKey) =>
  sql`select pg_notify(${PRESENCE_CHANNEL}, ${keyOf(record)})`.execute(db)

/** Each person once (several tabs are one viewer), by name. */
async function viewersOf(db: Kysely<Database>, record: RecordKey, ttlMs: number): Promise<Viewer[]> {
  const rows = await db
    .selectFrom("record_viewer")
    .select(["user_id", "user_name"])
    .distinct()
    .where("record_kind", "=", record.kind)
    .where("record_uuid", "=", record.uuid)
    .where("seen_at", ">", sql<Date>`now() - ${ttlMs} * interval '1 millisecond'`)
    .orderBy("user_name")
    .orderBy("user_id")
    .execute()
  return rows.map((r) => ({ id: r.user_id, full_name: r.user_name }))
}

export async function startPresence(
  database: DatabaseHandle,
  hub: SocketHub,
  config: PresenceConfig,
  log: PresenceLog,
): Promise<Presence> {
  const db = database.db
  const instanceId = randomUUID()
  /** Each socket's views by name ("" is its own). */
  const viewing = new Map<Client, Map<string, Viewing>>()
  const queues = new Map<string, Promise<void>>()
  const onError = (error: unknown) => log.warn("presence failed", error)

  const enqueue = (key: string, task: () => Promise<void>) => {
    const next = (queues.get(key) ?? Promise.resolve()).then(task).catch(onError)
    queues.set(key, next)
    void next.then(() => {
      if (queues.get(key) === next) queues.delete(key)
    })
  }

  const broadcast = async (record: RecordKey) => {
    const key = keyOf(record)
    const here = [...viewing]
      .filter(([, views]) => [...views.values()].some((v) => keyOf(v) === key))
      .map(([client]) => client)
    if (here.length === 0) return
    const viewers = await viewersOf(db, record, config.ttlMs)
    // One frame per distinct recipient user: tabs of one user get the same list.
    const frames = new Map<number, ReturnType<typeof frame>>()
    for (const client of here) {
      if (!hub.clientsOf(client.userId).includes(client)) continue
      let prepared = frames.get(client.userId)
      if (!prepared) {
        prepared = frame({
          type: "presence",
          kind: record.kind,
          uuid: record.uuid,
          viewers: viewers.filter((v) => v.id !== client.userId),
        })
        frames.set(client.userId, prepared)
      }
      sendFrame(client, prepared)
    }
  }

  const onPayload = (payload: string) => {
    const record = parseRecordPayload(payload)
    if (!record) return log.warn(`ignored presence payload "${payload.slice(0, 64)}"`)
    enqueue(keyOf(record), () => broadcast(record))
  }

  const notifyAll = async (records: ReadonlyArray<RecordKey>) => {
    const unique = new Map(records.map((r) => [keyOf(r), r]))
    for (const record of unique.values()) await notify(db, record)
  }

  const sweep = async () => {
    await db
      .updateTable("record_viewer")
      .set({ seen_at: sql<Date>`now()` })
      .where("instance_id", "=", instanceId)
      .execute()
    const gone = await db
      .deleteFrom("record_viewer")
      .where("seen_at", "<", sql<Date>`now() - ${config.ttlMs} * interval '1 millisecond'`)
      .returning(["record_kind as kind", "record_uuid as uuid"])
      .execute()
    await notifyAll(gone)
  }

  const unlisten: Unlisten = await database.listen(PRESENCE_CHANNEL, onPayload)
  let sweeping: Promise<void> = Promise.resolve()
  const timer = setInterval(() => {
    sweeping = sweeping.then(sweep).catch(onError)
  }, config.refreshMs)
  timer.unref()

  const nameOf = async (userId: number): Promise<string | null> => {
    const row = await db
      .selectFrom("app_user")
      .select("full_name")
      .where("id", "=", userId)
      .executeTakeFirst()
    return row?.full_name ?? null
  }

  return {
    view: async (client, kind, uuid, view = "") => {
      const views = viewing.get(client) ?? new Map<string, Viewing>()
      const before = views.get(view)
      const record = { kind, uuid: uuid.toLowerCase() }
      const socketId = before?.socketId ?? randomUUID()
      const name = await nameOf(client.userId)
      if (name === null) return
      views.set(view, { ...record, socketId })
      viewing.set(client, views)
      await db
        .insertInto("record_viewer")
        .values({
          instance_id: instanceId,
          socket_id: socketId,
          user_id: client.userId,
          user_name: name,
          record_kind: record.kind,
          record_uuid: record.uuid,
        })
        .onConflict((oc) =>
          oc.columns(["instance_id", "socket_id"]).doUpdateSet({
            record_kind: record.kind,
            record_uuid: record.uuid,
            user_name: name,
            seen_at: sql<Date>`now()`,
          }),
        )
        .execute()
      await notifyAll(before && keyOf(before) !== keyOf(record) ? [before, record] : [record])
    },
    leave: async (client, view) => {
      const views = viewing.get(client)
      if (!views) return
      const gone = view === undefined ? [...views.values()] : [views.get(view)].filter((v) => v !== undefined)
      if (gone.length === 0) return
      if (view === undefined) views.clear()
      else views.delete(view)
      if (views.size === 0) viewing.delete(client)
      await db
        .deleteFrom("record_viewer")
        .where("instance_id", "=", instanceId)
        .where(
          "socket_id",
          "in",
          gone.map((v) => v.socketId),
        )
        .execute()
      await notifyAll(gone)
    },
    stop: async () => {
      clearInterval(timer)
      await sweeping
      await unlisten()
      viewing.clear()
      const gone = await db
        .deleteFrom("record_viewer")
        .where("instance_id", "=", instanceId)
        .returning(["record_kind as kind", "record_uuid as uuid"])
        .execute()
      await notifyAll(gone)
      await Promise.all([...queues.values()])
    },
  }
}
