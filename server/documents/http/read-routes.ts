import { Readable } from "node:stream"
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify"
import { documentsApi } from "../../../src/schema/api/documents"
import { fillPath } from "../../../src/schema/api/endpoint"
import { categoriesFor } from "../../../src/schema/auth/permissions"
import { FileQuery, RecordDocumentParams } from "../../../src/schema/documents/document"
import { loadOrCreateSecret } from "../../db/secrets"
import { unauthorized } from "../../errors"
import { decodeOr400 } from "../../http/decode"
import { requireCategory } from "../../http/require-user"
import { serveEndpoint } from "../../http/serve-endpoint"
import { contentDisposition } from "../file-name"
import { documentLinks } from "../links"
import { parseRange } from "../range"
import { documentBytes, findDocument, listDocuments } from "../read"

// What staff read of stored documents: the list with signed links, and the bytes. A file answers with a
// bearer token or a valid signed link; it is served as an inert download-like resource whatever it holds:
// nosniff, a sandboxing CSP (a PDF or an image that tried to run script would run in an opaque origin), a
// clean Content-Disposition, private caching (the bytes of a document id never change) and byte ranges.

export const DOCUMENT_LINK_SECRET = "document-links"

const requireStaff = requireCategory(...categoriesFor("record.decide"))

export async function readRoutes(app: FastifyInstance): Promise<void> {
  const { database, clock } = app.services
  const db = database.db
  const links = documentLinks(await loadOrCreateSecret(db, DOCUMENT_LINK_SECRET))
  const { list, file } = documentsApi.endpoints

  serveEndpoint(app, list, async ({ params }) => {
    const documents = await listDocuments(db, params.uuid)
    const now = clock.now()
    let expiresAt = new Date(now)
    const viewable = documents.map((document) => {
      const signed = links.sign(document.record_uuid, document.id, now)
      expiresAt = signed.expiresAt
      return {
        ...document,
        url: `${fillPath(file.path, { uuid: document.record_uuid, id: document.id })}?${signed.query}`,
      }
    })
    return { documents: viewable, links_expire_at: expiresAt.toISOString() }
  })

  /** A signed link for this document, or else a staff bearer token; 401 with neither. */
  async function allowed(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const params = decodeOr400(RecordDocumentParams, req.params)
    const query = decodeOr400(FileQuery, req.query)
    if (query.signature === undefined || query.expires === undefined) return requireStaff(req, reply)
    const verdict = links.verify(params.uuid, params.id, query.expires, query.signature, clock.now())
    if (verdict === "expired")
      throw unauthorized("This link has expired: open the document again from its page.")
    if (verdict === "forged") throw unauthorized("This link is not valid.")
  }

  app.route({
    method: file.method,
    url: file.path,
    preHandler: allowed,
    compress: false,
    handler: async (req, reply) => {
      const params = decodeOr400(RecordDocumentParams, req.params)
      const query = decodeOr400(FileQuery, req.query)
      const document = await findDocument(db, params.uuid, params.id)
      const etag = `"${document.sha256}"`
      reply
        .header("content-type", document.content_type)
        .header(
          "content-disposition",
          contentDisposition(document.file_name, query.download === "1" ? "attachment" : "inline"),
        )
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "sandbox")
        .header("cache-control", "private, max-age=600, immutable")
        .header("etag", etag)
        .header("accept-ranges", "bytes")
      if (req.headers["if-none-match"] === etag) return reply.code(304).send()
      const range = parseRange(req.headers.range, document.size)
      if (range.kind === "unsatisfiable")
        return reply
          .code(416)
          .header("content-range", `bytes */${document.size}`)
          .type("application/json; charset=utf-8")
          .send({ detail: `The range is outside the file (${document.size} bytes).` })
      const [start, end] = range.kind === "part" ? [range.start, range.end] : [0, document.size - 1]
      if (range.kind === "part")
        reply.code(206).header("content-range", `bytes ${start}-${end}/${document.size}`)
      reply.header("content-length", end - start + 1)
      return reply.send(Readable.from(documentBytes(db, document.id, start, end)))
    },
  })
}
