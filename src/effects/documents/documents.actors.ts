import type { Effect } from "effect"
import { fromPromise } from "xstate"
import { type DocumentsInput, documentsMachine } from "../../machines/documents/documents.machine"
import type { DocumentList } from "../../schema/documents/document"
import { DocumentsApi } from "./documents-api"

type Run = <A, E>(effect: Effect.Effect<A, E, DocumentsApi>) => Promise<A>

/** The documents machine with its one IO: the list call. */
export function provideDocuments(run: Run) {
  return documentsMachine.provide({
    actors: {
      loadDocuments: fromPromise<DocumentList, DocumentsInput>(({ input }) =>
        run(DocumentsApi.use((d) => d.list(input.uuid))),
      ),
    },
  })
}
