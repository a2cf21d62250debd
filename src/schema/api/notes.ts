import { NoteCreate, RecordNote, RecordNoteList } from "../marketplace/notes"
import { endpoint, type GroupDocs, group } from "./endpoint"
import { UuidParams } from "./params"

// Internal notes on every record: a thread of staff notes, and adding one (`@name` mentions a colleague).

const BASES = {
  application: "/api/v1/company-applications/",
  work: "/api/v1/work-requests/",
  maintenance: "/api/v1/maintenance-requests/",
} as const

type Base = (typeof BASES)[keyof typeof BASES]

const list = (base: Base) =>
  endpoint({
    method: "GET",
    path: `${base}:uuid/notes/`,
    callers: "staff",
    params: UuidParams,
    success: RecordNoteList,
    errors: [401, 403, 404],
  })
const add = (base: Base) =>
  endpoint({
    method: "POST",
    path: `${base}:uuid/notes/`,
    callers: "staff",
    params: UuidParams,
    payload: NoteCreate,
    success: RecordNote,
    successStatus: 201,
    errors: [400, 401, 403, 404],
  })

export const notesApi = group("recordNotes", {
  applicationList: list(BASES.application),
  applicationAdd: add(BASES.application),
  workList: list(BASES.work),
  workAdd: add(BASES.work),
  maintenanceList: list(BASES.maintenance),
  maintenanceAdd: add(BASES.maintenance),
})

const LIST =
  "The record's internal notes, oldest first, each with its author, time and the colleagues it mentions."
const ADD =
  "Adds an internal note (at most 2,000 characters). `@` with a colleague's full name or the part of their email before the @ mentions them: they get a notification (`approval` for a request, `company_update` for an application) linking to the note. A mention of nobody is plain text."

export const notesDocs = {
  description: "Internal notes: staff notes on a company application, work request or maintenance request.",
  summaries: {
    applicationList: LIST,
    applicationAdd: ADD,
    workList: LIST,
    workAdd: ADD,
    maintenanceList: LIST,
    maintenanceAdd: ADD,
  },
} satisfies GroupDocs<typeof notesApi>
