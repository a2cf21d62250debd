import { CircleCheck, CircleX, Clock, Handshake, Undo2 } from "lucide-react"
import type { OfferState, ProvidersState } from "../../schema/marketplace/marketplace"
import * as css from "../shared/status-chip.css"

// An offer's state, and where an approved request stands with its providers, as chips told by their words
// (docs/behaviour.md#offers).

const OFFER = {
  offered: { label: "Offered", Icon: Clock, tone: css.chip.waiting },
  accepted: { label: "Accepted", Icon: CircleCheck, tone: css.chip.done },
  declined: { label: "Declined", Icon: CircleX, tone: css.chip.refused },
  expired: { label: "Expired", Icon: Clock, tone: css.chip.closed },
  withdrawn: { label: "Withdrawn", Icon: Undo2, tone: css.chip.closed },
} as const

export function OfferChip({ state }: { state: OfferState }) {
  const { label, Icon, tone } = OFFER[state]
  return (
    <span className={tone}>
      <Icon size={14} aria-hidden="true" />
      {label}
    </span>
  )
}

const PROVIDERS = {
  awaiting_providers: { label: "Awaiting providers", short: "Awaiting", Icon: Clock, tone: css.chip.refused },
  offered: { label: "Offered", short: "Offered", Icon: Clock, tone: css.chip.waiting },
  assigned: { label: "Assigned", short: "Assigned", Icon: Handshake, tone: css.chip.done },
} as const

export const providersStateLabel = (state: ProvidersState): string => PROVIDERS[state].label

/** `short`: a list row's word ("Awaiting"), its full label kept as the title. */
export function ProvidersChip({ state, short = false }: { state: ProvidersState; short?: boolean }) {
  const { label, Icon, tone } = PROVIDERS[state]
  return (
    <span className={tone} title={short ? label : undefined}>
      <Icon size={14} aria-hidden="true" />
      {short ? PROVIDERS[state].short : label}
    </span>
  )
}
