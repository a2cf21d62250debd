import type { AnyStatus, RecordKind } from "../../src/schema/marketplace/marketplace"
import type { NoteMention, RecordNote, RecordNoteList } from "../../src/schema/marketplace/notes"
import { linkTo } from "../../src/schema/system/app-routes"
import type { AuthUser } from "../auth/users"
import { invalid } from "../errors"
import { notify } from "../notifications/notify"
import { recordAudit } from "./audit"
import type { Db } from "./db"
import { ambiguityDetail, mentionsOf } from "./note-mentions"
import { RECORD_KINDS } from "./records/record-kinds"
import { findRecord } from "./records/record-rows"

// Internal notes on a record (docs/behaviour.md#internal-notes). `@name` mentions a colleague when it names
// one (./note-mentions.ts: a full name, the part of an email before the @, or a first name only one colleague
// has, in any case); a mention of nobody stays plain text.
// Whoever is mentioned, except the author, gets a notification of the record's kind linking to the note.

/** The record a note is on (a 404 when there is none), with the title its notifications name. */
async function recordOf(
  db: Db,
  kind: RecordKind,
  uuid: string,
): Promise<{ uuid: string; title: string; status: AnyStatus }> {
  if (kind === "company_application") {
    const row = await findRecord(db, RECORD_KINDS.application, uuid)
    return { uuid: row.uuid, title: row.company_name, status: row.status }
  }
  const row = await findRecord(db, RECORD_KINDS[kind === "work_request" ? "work" : "maintenance"], uuid)
  return { uuid: row.uuid, title: row.title, status: row.status }
}

type NoteRow = {
  uuid: string
  author_user_id: number | null
  author_name: string
  body: string
  mentions: ReadonlyArray<NoteMention>
  created_at: Date
}

const toWire = (row: NoteRow): RecordNote => ({
  uuid: row.uuid,
  author: { id: row.author_user_id, full_name: row.author_name },
  body: row.body,
  mentions: row.mentions,
  created_at: row.created_at.toISOString(),
})

const COLUMNS = ["uuid", "author_user_id", "author_name", "body", "mentions", "created_at"] as const

/** The colleagues a note names with `@`, each once; a 400 when a first name matches several. */
export async function mentionedIn(db: Db, body: string): Promise<NoteMention[]> {
  if (!body.includes("@")) return []
  const users = await db.selectFrom("app_user").select(["id", "full_name", "email"]).orderBy("id").execute()
  const { mentioned, ambiguous } = mentionsOf(body, users)
  if (ambiguous.length > 0) throw invalid(ambiguityDetail(ambiguous))
  return mentioned
}

export async function listNotes(db: Db, kind: RecordKind, uuid: string): Promise<RecordNoteList> {
  const record = await recordOf(db, kind, uuid)
  const rows = await db
    .selectFrom("record_note")
    .select(COLUMNS)
    .where("record_uuid", "=", record.uuid)
    .orderBy("created_at")
    .orderBy("id")
    .execute()
  return { count: rows.length, results: rows.map(toWire) }
}

export function addNote(
  db: Db,
  kind: RecordKind,
  uuid: string,
  author: AuthUser,
  body: string,
  now: Date,
): Promise<RecordNote> {
  return db.transaction().execute(async (tx) => {
    const record = await recordOf(tx, kind, uuid)
    const text = body.trim()
    const mentions = await mentionedIn(tx, text)
    const row = await tx
      .insertInto("record_note")
      .values({
        record_kind: kind,
        record_uuid: record.uuid,
        author_user_id: author.id,
        author_name: author.full_name,
        body: text,
        mentions: JSON.stringify(mentions),
        created_at: now,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow()
    // The entry (without the note's text) is how every open page of the record hears of the note.
    await recordAudit(tx, {
      recordKind: kind,
      recordUuid: record.uuid,
      recordTitle: record.title,
      actor: author,
      action: "note_added",
      from: record.status,
      to: record.status,
      at: now,
    })
    const told = mentions.map((m) => m.id).filter((id) => id !== author.id)
    if (told.length > 0)
      await notify(tx, {
        to: { userIds: told },
        exceptUserId: author.id,
        title: `${author.full_name} mentioned you: ${record.title}`,
        message: text.length > 200 ? `${text.slice(0, 199)}…` : text,
        notification_type: kind === "company_application" ? "company_update" : "approval",
        priority: "medium",
        action_url: `${linkTo.record(kind, record.uuid)}#note-${row.uuid}`,
        sender_name: author.full_name,
      })
    return toWire(row)
  })
}
