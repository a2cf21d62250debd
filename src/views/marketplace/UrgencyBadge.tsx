import type { Urgency } from "../../schema/marketplace/marketplace"
import { URGENCY_LABEL } from "./record-format"
import * as css from "./urgency.css"

/** Emergency and high as a badge; low and normal as plain words, so the badge means "look here first". */
export function UrgencyBadge({ urgency }: { urgency: Urgency }) {
  if (urgency === "emergency" || urgency === "high")
    return (
      <span className={css.urgencyBadge[urgency]} data-urgency={urgency}>
        {URGENCY_LABEL[urgency]}
      </span>
    )
  return <>{URGENCY_LABEL[urgency]}</>
}
