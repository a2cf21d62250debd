import { TriangleAlert } from "lucide-react"
import type { ListItem, RecordDetail } from "../../machines/marketplace/marketplace-types"
import { serviceLabel } from "../../schema/marketplace/marketplace"
import * as css from "../shared/status-chip.css"
import * as ui from "../shared/ui.css"

// A pending request nobody could take once approved: no active provider offers its service in its area
// (docs/behaviour.md#offers). Said before anyone approves it, on its list row and its page.

type Request = Extract<ListItem | RecordDetail, { readonly possible_providers: number }>

const nobody = (r: ListItem | RecordDetail): r is Request =>
  "possible_providers" in r && r.status === "pending" && r.possible_providers === 0

/** The list row's badge. */
export function NoProviderBadge({ item }: { item: ListItem }) {
  if (!nobody(item)) return null
  return (
    <span className={css.chip.refused} title={noProviderText(item)}>
      <TriangleAlert size={14} aria-hidden="true" />
      No provider
    </span>
  )
}

export const noProviderText = (r: Request): string =>
  `No active provider offers ${serviceLabel(r.service_category)} in ${r.area}: once approved, nobody could take it.`

/** The detail page's warning, above its actions. */
export function NoProviderWarning({ record }: { record: RecordDetail }) {
  if (!nobody(record)) return null
  return (
    <p className={ui.errorText}>
      <TriangleAlert size={16} aria-hidden="true" style={{ verticalAlign: "text-bottom" }} />{" "}
      {noProviderText(record)}
    </p>
  )
}
