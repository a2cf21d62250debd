import { useSelector } from "@xstate/react"
import type { ExportView } from "../../machines/exports/export-view"
import { usePageActor } from "../marketplace/page-logic"
import * as ui from "../shared/ui.css"

/** "Export CSV" of the view on screen: every row of it, all pages, in its order. */
export function ExportButton({ view, label = "Export CSV" }: { view: ExportView; label?: string }) {
  const actor = usePageActor("export", undefined)
  const linking = useSelector(actor, (s) => s?.matches("linking") ?? false)
  return (
    <button
      type="button"
      className={ui.button.secondary}
      disabled={actor === undefined || linking}
      aria-busy={linking}
      onClick={() => actor?.send({ type: "export.start", view })}
    >
      {linking ? "Preparing…" : label}
    </button>
  )
}
