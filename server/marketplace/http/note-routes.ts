import type { FastifyInstance } from "fastify"
import { notesApi } from "../../../src/schema/api/notes"
import { serveGroup } from "../../http/serve-endpoint"
import { addNote, listNotes } from "../notes"

// Internal notes on every record (src/schema/api/notes.ts).

export async function noteRoutes(app: FastifyInstance): Promise<void> {
  const { database, clock } = app.services
  const db = database.db
  const now = () => new Date(clock.now())
  serveGroup(app, notesApi, {
    applicationList: ({ params }) => listNotes(db, "company_application", params.uuid),
    applicationAdd: ({ params, payload, req }) =>
      addNote(db, "company_application", params.uuid, req.user, payload.body, now()),
    workList: ({ params }) => listNotes(db, "work_request", params.uuid),
    workAdd: ({ params, payload, req }) =>
      addNote(db, "work_request", params.uuid, req.user, payload.body, now()),
    maintenanceList: ({ params }) => listNotes(db, "maintenance_request", params.uuid),
    maintenanceAdd: ({ params, payload, req }) =>
      addNote(db, "maintenance_request", params.uuid, req.user, payload.body, now()),
  })
}
