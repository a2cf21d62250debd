import { Context, Effect, Layer } from "effect"
import { documentsApi } from "../../schema/api/documents"
import type { DocumentList } from "../../schema/documents/document"
import type { Failure } from "../../schema/system/failure"
import { callEndpoint } from "../system/api-call"
import { Api } from "../system/api-client"
import { Config } from "../system/config"

// A record's stored documents, with the signed links the browser opens them by: the access token stays in
// memory, and a PDF in the browser's own viewer, an <img> or a download cannot send it; a link issued to a
// signed-in call and valid for minutes can (server/documents/links.ts).

export class DocumentsApi extends Context.Service<
  DocumentsApi,
  { readonly list: (uuid: string) => Effect.Effect<DocumentList, Failure> }
>()("app/DocumentsApi") {
  static readonly layer = Layer.effect(
    DocumentsApi,
    Effect.gen(function* () {
      const api = yield* Api
      const { apiBaseUrl } = yield* Config
      // The links are paths on the API; the page may be served from elsewhere (VITE_API_BASE_URL).
      const absolute = (list: DocumentList): DocumentList => ({
        ...list,
        documents: list.documents.map((d) => ({ ...d, url: `${apiBaseUrl}${d.url}` })),
      })
      return DocumentsApi.of({
        list: (uuid) =>
          callEndpoint(api, documentsApi.endpoints.list, { params: { uuid } }).pipe(Effect.map(absolute)),
      })
    }),
  )
}
