import type { WaitingFilter } from "../../schema/marketplace/marketplace-input"
import { ChoiceSelect } from "../shared/ChoiceSelect"

// Applications waiting for their applicant, in or out of the pending list, kept in the URL
// (docs/behaviour.md#documents).

const OPTIONS: ReadonlyArray<readonly [WaitingFilter, string]> = [
  ["all", "All"],
  ["waiting", "Waiting for the applicant"],
  ["not_waiting", "Not waiting"],
]

export function WaitingFilterSelect(props: {
  value: WaitingFilter
  onChange: (value: WaitingFilter) => void
}) {
  return <ChoiceSelect label="Applicant" options={OPTIONS} {...props} />
}
