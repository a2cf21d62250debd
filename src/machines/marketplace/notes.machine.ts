import { assign, fromPromise, setup } from "xstate"
import { NOTE_MAX_LENGTH, type RecordNote, type RecordNoteList } from "../../schema/marketplace/notes"
import { failureText } from "../../schema/system/failure-text"
import type { RecordRef } from "./marketplace-types"

// A record's internal notes (docs/behaviour.md#internal-notes): the thread loads, a note is added, and a note
// added anywhere (heard as the record's `note_added` change) has the thread loaded again. A note over the
// limit is refused here, saying the limit, before it is sent.

export const NOTES_LOAD_FAILED = "The notes could not be loaded. Please try again."
export const NOTE_FAILED = "The note could not be saved. Please try again."
// Grouped by hand, as en-GB does ("2,000"): toLocaleString's first call loads the locale's data, a long task on a
// slow phone while the rest of the session's chunk (which holds this machine) is evaluated after the first paint.
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",")
export const NOTE_TOO_LONG = `A note can be at most ${grouped(NOTE_MAX_LENGTH)} characters.`

export interface NotesContext {
  readonly target: RecordRef
  readonly notes: ReadonlyArray<RecordNote>
  readonly body: string
  /** How many notes were added here: the form starts empty again after each. */
  readonly added: number
  readonly error: string | null
}

export type NotesEvent =
  | { type: "notes.add"; body: string }
  | { type: "notes.retry" }
  /** A note was added to a record somewhere (bus: records.remoteChanged with `note_added`). */
  | { type: "notes.recordChanged"; uuid: string }
  /** The socket came back after a loss (bus: records.resync). */
  | { type: "notes.refresh" }

export interface AddNoteInput {
  readonly target: RecordRef
  readonly body: string
}

const loadNotes = fromPromise<RecordNoteList, RecordRef>(() =>
  Promise.reject(new Error("loadNotes not provided")),
)
const addNote = fromPromise<RecordNote, AddNoteInput>(() => Promise.reject(new Error("addNote not provided")))

const bodyOf = (event: NotesEvent) => (event.type === "notes.add" ? event.body.trim() : "")

const hears = {
  "notes.recordChanged": { guard: "isThisRecord", target: "#notes.refreshing" },
  "notes.refresh": { target: "#notes.refreshing" },
} as const

const adds = {
  "notes.add": [
    { guard: "isTooLong", actions: "refuseTooLong" },
    { guard: "hasBody", target: "#notes.adding", actions: "takeBody" },
  ],
} as const

export const notesMachine = setup({
  types: {
    context: {} as NotesContext,
    input: {} as RecordRef,
    events: {} as NotesEvent,
  },
  actors: { loadNotes, addNote },
  actions: {
    refuseTooLong: assign({ error: NOTE_TOO_LONG }),
    takeBody: assign({ body: ({ event }) => bodyOf(event), error: null }),
  },
  guards: {
    hasBody: ({ event }) => bodyOf(event) !== "",
    isTooLong: ({ event }) => bodyOf(event).length > NOTE_MAX_LENGTH,
    isThisRecord: ({ context, event }) =>
      event.type === "notes.recordChanged" && event.uuid === context.target.uuid,
  },
}).createMachine({
  id: "notes",
  context: ({ input }) => ({ target: input, notes: [], body: "", added: 0, error: null }),
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "loadNotes",
        src: "loadNotes",
        input: ({ context }) => context.target,
        onDone: {
          target: "ready",
          actions: assign({ notes: ({ event }) => event.output.results, error: null }),
        },
        onError: {
          target: "loadFailed",
          actions: assign({ error: ({ event }) => failureText(event.error, NOTES_LOAD_FAILED) }),
        },
      },
    },
    loadFailed: { on: { "notes.retry": "loading" } },
    ready: { on: { ...adds, ...hears } },
    // Loading again behind the thread shown; a note can still be written meanwhile.
    refreshing: {
      on: adds,
      invoke: {
        id: "refreshNotes",
        src: "loadNotes",
        input: ({ context }) => context.target,
        onDone: { target: "ready", actions: assign({ notes: ({ event }) => event.output.results }) },
        onError: "ready",
      },
    },
    adding: {
      invoke: {
        id: "addNote",
        src: "addNote",
        input: ({ context }) => ({ target: context.target, body: context.body }),
        onDone: {
          target: "ready",
          actions: assign({
            // The thread may have heard of it already (its own live change): never twice.
            notes: ({ context, event }) =>
              context.notes.some((n) => n.uuid === event.output.uuid)
                ? context.notes
                : [...context.notes, event.output],
            body: "",
            added: ({ context }) => context.added + 1,
          }),
        },
        onError: {
          target: "ready",
          actions: assign({ error: ({ event }) => failureText(event.error, NOTE_FAILED) }),
        },
      },
    },
  },
})
