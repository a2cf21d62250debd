import { useSelector } from "@xstate/react"
import { type FormEvent, useEffect, useId, useRef, useState } from "react"
import type { RecordRef } from "../../machines/marketplace/marketplace-types"
import type { PageRefOf } from "../../machines/system/registry"
import { NOTE_MAX_LENGTH, type RecordNote } from "../../schema/marketplace/notes"
import { CharacterCount } from "../shared/CharacterCount"
import * as ui from "../shared/ui.css"
import { formatWhen } from "./format"
import * as css from "./marketplace.css"
import { usePageActor } from "./page-logic"

// A record's internal notes (docs/behaviour.md#internal-notes), for staff: the thread, oldest first, and a
// form to add one. Notes added anywhere arrive live; the machine refuses one over the limit, saying it.

export function NotesPanel({ target }: { target: RecordRef }) {
  const notes = usePageActor("notes", target)
  return (
    <section className={css.section} aria-labelledby="notes-title">
      <h2 id="notes-title">Internal notes</h2>
      {notes ? <Thread notes={notes} /> : null}
    </section>
  )
}

/**
 * A link to one note (`#note-<uuid>`, as a mention's notification gives) brings the page to it once the thread
 * shows it: the browser cannot, since the thread arrives after the page. Once only: later notes leave it be.
 */
function useLinkedNote(thread: ReadonlyArray<RecordNote>) {
  const reached = useRef<string | null>(null)
  useEffect(() => {
    const hash = window.location.hash
    if (!hash.startsWith("#note-") || reached.current === hash || thread.length === 0) return
    const note = document.getElementById(hash.slice(1))
    if (!note) return
    reached.current = hash
    note.scrollIntoView({ block: "center" })
    note.focus({ preventScroll: true })
  }, [thread])
}

function Thread({ notes }: { notes: PageRefOf<"notes"> }) {
  const state = useSelector(notes, (s) => s.value)
  const thread = useSelector(notes, (s) => s.context.notes)
  const added = useSelector(notes, (s) => s.context.added)
  useLinkedNote(thread)
  if (state === "loading") return <p role="status">Loading notes…</p>
  if (state === "loadFailed")
    return (
      <p role="alert" className={ui.errorText}>
        The notes could not be loaded.{" "}
        <button
          type="button"
          className={ui.button.secondary}
          onClick={() => notes.send({ type: "notes.retry" })}
        >
          Try again
        </button>
      </p>
    )
  return (
    <>
      {thread.length === 0 ? (
        <p className={ui.muted}>No notes yet.</p>
      ) : (
        <ol className={css.notes} aria-label="Notes">
          {thread.map((n) => (
            <li key={n.uuid} id={`note-${n.uuid}`} className={css.note} tabIndex={-1}>
              <p className={css.noteMeta}>
                <strong>{n.author.full_name}</strong> · {formatWhen(n.created_at)}
              </p>
              <p className={css.noteBody}>{n.body}</p>
            </li>
          ))}
        </ol>
      )}
      {/* A new key after each note added: the form starts empty again. */}
      <NoteForm key={added} notes={notes} />
    </>
  )
}

function NoteForm({ notes }: { notes: PageRefOf<"notes"> }) {
  const countId = useId()
  const [body, setBody] = useState("")
  const adding = useSelector(notes, (s) => s.matches("adding"))
  const error = useSelector(notes, (s) => s.context.error)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    notes.send({ type: "notes.add", body })
  }
  return (
    <form onSubmit={submit}>
      <label className={ui.field}>
        <span>Add a note (@name mentions a colleague)</span>
        <textarea
          className={`${ui.input} ${css.textarea}`}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          aria-describedby={countId}
        />
        <CharacterCount id={countId} length={body.length} max={NOTE_MAX_LENGTH} />
      </label>
      {error ? (
        <p role="alert" className={ui.errorText}>
          {error}
        </p>
      ) : null}
      <button type="submit" className={ui.button.secondary} disabled={adding || body.trim() === ""}>
        {adding ? "Saving…" : "Add note"}
      </button>
    </form>
  )
}
