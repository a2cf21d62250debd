import { Schema } from "effect"
import { Count, text } from "./marketplace"

// Internal notes on a record (docs/behaviour.md#internal-notes): a thread of staff notes, each with its author
// and time. `@name` in a note mentions a colleague, who is notified.

/** The longest note accepted, in characters. */
export const NOTE_MAX_LENGTH = 2000

/** A colleague a note mentions. */
export const NoteMention = Schema.Struct({ id: Schema.Number, full_name: Schema.String })
export type NoteMention = typeof NoteMention.Type

export const RecordNote = Schema.Struct({
  uuid: Schema.String,
  author: Schema.Struct({ id: Schema.NullOr(Schema.Number), full_name: Schema.String }),
  body: Schema.String,
  mentions: Schema.Array(NoteMention),
  created_at: Schema.String,
})
export type RecordNote = typeof RecordNote.Type

/** A record's notes, oldest first. */
export const RecordNoteList = Schema.Struct({ count: Count, results: Schema.Array(RecordNote) })
export type RecordNoteList = typeof RecordNoteList.Type

export const NoteCreate = Schema.Struct({ body: text(NOTE_MAX_LENGTH, "A note") })
export type NoteCreate = typeof NoteCreate.Type
