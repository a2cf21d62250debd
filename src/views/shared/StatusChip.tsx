import { CircleCheck, CircleX, Clock } from "lucide-react"
import * as css from "./status-chip.css"

type Status = "pending" | "approved" | "accepted" | "rejected"

const LOOK = {
  pending: { label: "Pending", Icon: Clock, tone: css.chip.waiting },
  approved: { label: "Approved", Icon: CircleCheck, tone: css.chip.done },
  accepted: { label: "Accepted", Icon: CircleCheck, tone: css.chip.done },
  rejected: { label: "Rejected", Icon: CircleX, tone: css.chip.refused },
} as const

/** A record's status as a coloured chip with an icon: told by its word, never by colour alone. */
export function StatusChip({ status }: { status: Status }) {
  const { label, Icon, tone } = LOOK[status]
  return (
    <span className={tone}>
      <Icon size={14} aria-hidden="true" />
      {label}
    </span>
  )
}
