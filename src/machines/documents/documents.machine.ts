import { assign, fromPromise, setup } from "xstate"
import { DOCUMENT_VIEWER } from "../../constants"
import type { DocumentList, ViewableDocument } from "../../schema/documents/document"
import { DOCUMENT_LIMITS, isImage } from "../../schema/documents/kinds"
import { failureText } from "../../schema/system/failure-text"

// A record page's documents: the list with its signed links (fetched again before the links stop working, so
// that a page left open still opens its files), and the in-page image viewer: which image is open, next and
// previous among the images (wrapping), and the zoom. PDFs open in the browser's own viewer; that is a link,
// not a state.

export const DOCUMENTS_FAILED = "The documents could not be loaded. Please try again."

export interface DocumentsInput {
  readonly uuid: string
}

export interface DocumentsContext {
  readonly uuid: string
  readonly documents: readonly ViewableDocument[]
  readonly error: string | null
  /** The id of the image open in the viewer. */
  readonly openId: string | null
  readonly zoom: number
}

export type DocumentsEvent =
  | { type: "documents.retry" }
  | { type: "documents.open"; id: string }
  | { type: "documents.next" }
  | { type: "documents.previous" }
  | { type: "documents.close" }
  | { type: "documents.zoomIn" }
  | { type: "documents.zoomOut" }
  | { type: "documents.zoomReset" }
  /** A record got new documents (bus: records.remoteChanged): this one's list loads again if it is its. */
  | { type: "documents.recordChanged"; uuid: string }
  /** The socket came back after a loss (bus: records.resync): loaded again. */
  | { type: "documents.refresh" }

const loadDocuments = fromPromise<DocumentList, DocumentsInput>(() =>
  Promise.reject(new Error("loadDocuments provided by src/effects")),
)

/** The images of the list, in order: what next and previous step through. */
export const imagesOf = (documents: readonly ViewableDocument[]): readonly ViewableDocument[] =>
  documents.filter((d) => isImage(d.content_type))

const step = (context: DocumentsContext, by: 1 | -1): string | null => {
  const images = imagesOf(context.documents)
  const at = images.findIndex((d) => d.id === context.openId)
  if (at < 0 || images.length === 0) return context.openId
  return images[(at + by + images.length) % images.length]?.id ?? null
}

const clampZoom = (zoom: number): number =>
  Math.min(DOCUMENT_VIEWER.maxZoom, Math.max(DOCUMENT_VIEWER.minZoom, zoom))

export const documentsMachine = setup({
  types: {
    context: {} as DocumentsContext,
    input: {} as DocumentsInput,
    events: {} as DocumentsEvent,
  },
  actors: { loadDocuments },
  guards: {
    isThisRecord: ({ context, event }) =>
      event.type === "documents.recordChanged" && event.uuid === context.uuid,
    isImage: ({ context, event }) =>
      event.type === "documents.open" && imagesOf(context.documents).some((d) => d.id === event.id),
  },
  delays: {
    linksExpire: () => DOCUMENT_LIMITS.linkTtlSeconds * 1000 - DOCUMENT_VIEWER.linkRefreshMarginMs,
  },
  actions: {
    takeList: assign({
      documents: (_, params: { list: DocumentList }) => params.list.documents,
      error: null,
    }),
  },
}).createMachine({
  id: "documents",
  context: ({ input }) => ({ uuid: input.uuid, documents: [], error: null, openId: null, zoom: 1 }),
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "loadDocuments",
        src: "loadDocuments",
        input: ({ context }) => ({ uuid: context.uuid }),
        onDone: {
          target: "ready",
          actions: { type: "takeList", params: ({ event }) => ({ list: event.output }) },
        },
        onError: {
          target: "failed",
          actions: assign({ error: ({ event }) => failureText(event.error, DOCUMENTS_FAILED) }),
        },
      },
    },
    failed: { on: { "documents.retry": "loading" } },
    ready: {
      type: "parallel",
      states: {
        links: {
          initial: "fresh",
          states: {
            // New documents and fresh links come in one load, without closing an image open in the viewer.
            fresh: {
              after: { linksExpire: "refreshing" },
              on: {
                "documents.recordChanged": { guard: "isThisRecord", target: "refreshing" },
                "documents.refresh": "refreshing",
              },
            },
            refreshing: {
              on: {
                "documents.recordChanged": { guard: "isThisRecord", target: "refreshing", reenter: true },
                "documents.refresh": { target: "refreshing", reenter: true },
              },
              invoke: {
                id: "refreshDocuments",
                src: "loadDocuments",
                input: ({ context }) => ({ uuid: context.uuid }),
                onDone: {
                  target: "fresh",
                  actions: { type: "takeList", params: ({ event }) => ({ list: event.output }) },
                },
                // The old links still work for a minute; the next try comes after another period.
                onError: "fresh",
              },
            },
          },
        },
        viewer: {
          initial: "closed",
          states: {
            closed: {
              on: {
                "documents.open": {
                  guard: "isImage",
                  target: "open",
                  actions: assign({ openId: ({ event }) => event.id, zoom: 1 }),
                },
              },
            },
            open: {
              on: {
                "documents.next": { actions: assign({ openId: ({ context }) => step(context, 1), zoom: 1 }) },
                "documents.previous": {
                  actions: assign({ openId: ({ context }) => step(context, -1), zoom: 1 }),
                },
                "documents.zoomIn": {
                  actions: assign({
                    zoom: ({ context }) => clampZoom(context.zoom + DOCUMENT_VIEWER.zoomStep),
                  }),
                },
                "documents.zoomOut": {
                  actions: assign({
                    zoom: ({ context }) => clampZoom(context.zoom - DOCUMENT_VIEWER.zoomStep),
                  }),
                },
                "documents.zoomReset": { actions: assign({ zoom: 1 }) },
                "documents.close": { target: "closed", actions: assign({ openId: null, zoom: 1 }) },
              },
            },
          },
        },
      },
    },
  },
})
