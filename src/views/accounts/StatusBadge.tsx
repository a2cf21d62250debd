import { CircleCheck, CircleX, Mail } from "lucide-react"
import type { AccountStatus } from "../../schema/accounts/staff"
import * as chip from "../shared/status-chip.css"
import { STATUS_LABEL } from "./staff-words"

const LOOK = {
  invited: { Icon: Mail, tone: chip.chip.waiting },
  active: { Icon: CircleCheck, tone: chip.chip.done },
  deactivated: { Icon: CircleX, tone: chip.chip.refused },
} as const

/** An account's status as a chip: told by its word, never by colour alone. */
export function StatusBadge({ status }: { status: AccountStatus }) {
  const { Icon, tone } = LOOK[status]
  return (
    <span className={tone}>
      <Icon size={14} aria-hidden="true" />
      {STATUS_LABEL[status]}
    </span>
  )
}
