import { AWAITING_PROVIDERS } from "../../machines/marketplace/marketplace-types"
import { ListPage } from "./ListPage"

// The eleven lists (docs/behaviour.md#routes), one chunk: each is the same page with its source and status.

export const WorkPendingPage = () => <ListPage title="Pending work requests" source="work" status="pending" />
export const WorkApprovedPage = () => (
  <ListPage title="Approved work requests" source="work" status="approved" />
)
export const WorkRejectedPage = () => (
  <ListPage title="Rejected work requests" source="work" status="rejected" />
)
export const MaintenancePendingPage = () => (
  <ListPage title="Pending maintenance requests" source="maintenance" status="pending" />
)
export const MaintenanceApprovedPage = () => (
  <ListPage title="Approved maintenance requests" source="maintenance" status="approved" />
)
export const MaintenanceRejectedPage = () => (
  <ListPage title="Rejected maintenance requests" source="maintenance" status="rejected" />
)
export const WorkAwaitingPage = () => (
  <ListPage title="Work requests awaiting providers" source="work" status={AWAITING_PROVIDERS} />
)
export const MaintenanceAwaitingPage = () => (
  <ListPage
    title="Maintenance requests awaiting providers"
    source="maintenance"
    status={AWAITING_PROVIDERS}
  />
)
export const ApplicationsPendingPage = () => (
  <ListPage title="Pending applications" source="application" status="pending" />
)
export const ApplicationsAcceptedPage = () => (
  <ListPage title="Accepted applications" source="application" status="accepted" />
)
export const ApplicationsRejectedPage = () => (
  <ListPage title="Rejected applications" source="application" status="rejected" />
)
