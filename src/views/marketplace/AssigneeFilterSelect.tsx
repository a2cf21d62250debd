import type { AssigneeFilter } from "../../schema/marketplace/marketplace-input"
import { ChoiceSelect } from "../shared/ChoiceSelect"

// Mine / Unassigned / Claimed by anyone / All: whose records a list shows, kept in the URL (docs/behaviour.md#claims).

const OPTIONS: ReadonlyArray<readonly [AssigneeFilter, string]> = [
  ["all", "All"],
  ["mine", "Mine"],
  ["unassigned", "Unassigned"],
  ["claimed", "Claimed by anyone"],
]

export function AssigneeFilterSelect(props: {
  value: AssigneeFilter
  onChange: (value: AssigneeFilter) => void
}) {
  return <ChoiceSelect label="Assigned" options={OPTIONS} {...props} />
}
