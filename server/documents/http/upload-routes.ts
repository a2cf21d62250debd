import multipart from "@fastify/multipart"
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify"
import { documentsApi } from "../../../src/schema/api/documents"
import { UuidParams } from "../../../src/schema/api/params"
import { UploadResult } from "../../../src/schema/documents/document"
import { DOCUMENT_LIMITS } from "../../../src/schema/documents/kinds"
import type { RecordKind } from "../../../src/schema/marketplace/marketplace"
import { tooLarge, unavailable, unsupportedType } from "../../errors"
import { decodeOr400, encodeBody } from "../../http/decode"
import { intakeGuard, intakeKeyFromEnv } from "../../marketplace/http/intake-auth"
import { isDatabaseDown } from "../database-down"
import { factsForFiles, parseFacts } from "../facts"
import { type Spooled, spoolUpload } from "../spool"
import { lockRecord, storeDocuments } from "../store"

// The intake API's uploads: an application's documents and a request's photos, as multipart/form-data.
// The multipart parser is registered in this plugin only: every other route still takes JSON alone.

const UPLOADS = [
  [documentsApi.endpoints.applicationDocuments, "company_application"],
  [documentsApi.endpoints.workRequestPhotos, "work_request"],
  [documentsApi.endpoints.maintenanceRequestPhotos, "maintenance_request"],
] as const satisfies ReadonlyArray<readonly [{ readonly path: string }, RecordKind]>

/** Headers and boundaries of a whole upload at its limits; a declared length past this is refused unread. */
const MAX_UPLOAD_BYTES = DOCUMENT_LIMITS.maxFileBytes * DOCUMENT_LIMITS.maxFilesPerRecord + 1024 * 1024

export async function uploadRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart)
  const { database, clock } = app.services
  const guard = intakeGuard(intakeKeyFromEnv())

  for (const [endpoint, recordKind] of UPLOADS)
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      preHandler: guard,
      handler: (req, reply) => upload(req, reply, recordKind),
    })

  async function upload(req: FastifyRequest, reply: FastifyReply, recordKind: RecordKind) {
    const { uuid } = decodeOr400(UuidParams, req.params)
    let spooled: Spooled | null = null
    try {
      if (!req.isMultipart()) throw unsupportedType("Send the files as multipart/form-data.")
      if (Number(req.headers["content-length"] ?? 0) > MAX_UPLOAD_BYTES)
        throw tooLarge(`An upload holds at most ${DOCUMENT_LIMITS.maxFilesPerRecord} files of 10 MB each.`)
      await lockRecord(database.db, recordKind, uuid, false)
      spooled = await spoolUpload(req, (text) => {
        parseFacts(text, recordKind)
      })
      const facts = factsForFiles(parseFacts(spooled.facts, recordKind), spooled.files.length, recordKind)
      const stored = await storeDocuments(database.db, {
        recordKind,
        recordUuid: uuid,
        files: spooled.files.map((file, index) => ({ file, facts: facts[index] ?? { kind: "photo" } })),
        now: new Date(clock.now()),
      })
      reply.code(201)
      return encodeBody(UploadResult, { documents: stored })
    } catch (error) {
      // Refused mid-stream: answer now and close, rather than read (and discard) the rest of the body.
      if (!req.raw.complete) reply.header("connection", "close")
      if (isDatabaseDown(error))
        throw unavailable("The database cannot be reached: nothing was stored. Try again in a moment.")
      throw error
    } finally {
      await spooled?.cleanUp()
    }
  }
}
