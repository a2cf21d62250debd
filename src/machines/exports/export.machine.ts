import { assign, fromPromise, setup } from "xstate"
import type { ExportLink } from "../../schema/exports/exports"
import { failureText } from "../../schema/system/failure-text"
import type { ExportView } from "./export-view"

// "Export CSV": asks the server for a signed download address for the view on screen, then hands that
// address to the browser as a plain download (docs/behaviour.md#exports). A click while an address is being
// asked for is ignored; a failure says why and leaves the button ready for another try.

export const EXPORT_FAILED = "The export could not be started. Please try again."

export interface ExportContext {
  readonly view: ExportView | null
  readonly error: string | null
}

export type ExportEvent = { type: "export.start"; view: ExportView } | { type: "export.dismiss" }

const createLink = fromPromise<ExportLink, ExportView>(() =>
  Promise.reject(new Error("createLink not provided")),
)

export const exportMachine = setup({
  types: {
    context: {} as ExportContext,
    events: {} as ExportEvent,
  },
  actors: { createLink },
  actions: {
    // The real ones, provided from src/effects, start the browser's download and show a toast.
    download: (_, _params: { link: ExportLink }) => {},
    announceFailure: (_, _params: { message: string }) => {},
  },
}).createMachine({
  id: "export",
  context: { view: null, error: null },
  initial: "idle",
  states: {
    idle: {
      on: {
        "export.start": {
          target: "linking",
          actions: assign({ view: ({ event }) => event.view, error: null }),
        },
        "export.dismiss": { actions: assign({ error: null }) },
      },
    },
    linking: {
      invoke: {
        id: "createLink",
        src: "createLink",
        input: ({ context }) => context.view ?? { source: "notifications", params: {} },
        onDone: {
          target: "idle",
          actions: { type: "download", params: ({ event }) => ({ link: event.output }) },
        },
        onError: {
          target: "idle",
          actions: [
            assign({ error: ({ event }) => failureText(event.error, EXPORT_FAILED) }),
            {
              type: "announceFailure",
              params: ({ context }) => ({ message: context.error ?? EXPORT_FAILED }),
            },
          ],
        },
      },
    },
  },
})
