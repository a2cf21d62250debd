import { Effect, Schema } from "effect"
import { fromPromise } from "xstate"
import { exportMachine } from "../../machines/exports/export.machine"
import type { ExportView } from "../../machines/exports/export-view"
import { exportsApi } from "../../schema/api/exports"
import { type ExportLink, ExportRequest } from "../../schema/exports/exports"
import { Failure } from "../../schema/system/failure"
import { toast } from "../shell/toasts"
import { callEndpoint } from "../system/api-call"
import { Api } from "../system/api-client"

// The export button's IO: the authenticated call that signs a download address, then the download itself as
// a link the browser follows. The browser streams the file to disk as it arrives (a fetch read into a blob
// would hold a 100,000-row file in the page first), and `download` keeps the page where it is, even if the
// server refuses the address (the refusal is then saved, never shown in place of the app).

type Run = <A, E>(effect: Effect.Effect<A, E, Api>) => Promise<A>

export function startDownload(link: ExportLink): void {
  const anchor = document.createElement("a")
  anchor.href = link.url
  anchor.download = link.filename
  anchor.rel = "noopener"
  document.body.append(anchor)
  anchor.click()
  anchor.remove()
}

/** The view as the API types it: a view naming what the server would refuse fails here, as it would there. */
const payloadOf = (view: ExportView): Effect.Effect<ExportRequest, Failure> =>
  Schema.decodeUnknownEffect(ExportRequest)({ source: view.source, ...view.params }).pipe(
    Effect.mapError(
      (e) =>
        new Failure({
          kind: "decode",
          status: 0,
          detail: null,
          serverMessage: null,
          message: `Export not accepted: ${String(e)}`,
        }),
    ),
  )

export function provideExports(run: Run) {
  return exportMachine.provide({
    actors: {
      createLink: fromPromise<ExportLink, ExportView>(({ input }) =>
        run(
          Effect.flatMap(payloadOf(input), (payload) =>
            Api.use((api) => callEndpoint(api, exportsApi.endpoints.create, { payload })),
          ),
        ),
      ),
    },
    actions: {
      download: (_, { link }) => startDownload(link),
      announceFailure: (_, { message }) => {
        toast.error(message)
      },
    },
  })
}
