import type { ListPage, RecordDetail } from "../../../src/machines/marketplace/marketplace-types"
import type { WorkRequestDetail } from "../../../src/schema/marketplace/marketplace"

// Small, valid-looking records for the marketplace machine tests.

export const UUID = "00000000-0000-4000-8000-000000000001"

export const workRequest = (status: WorkRequestDetail["status"]): RecordDetail => ({
  uuid: UUID,
  kind: "work",
  title: "Leaking tap",
  description: "Kitchen tap drips",
  customer_name: "Pat Customer",
  customer_email: "pat@example.com",
  customer_phone: "07700 900123",
  area: "Leeds",
  address: "1 High Street",
  service_category: "plumbing",
  urgency: "normal",
  preferred_dates: null,
  budget: null,
  photos: [],
  submitted_at: "2026-01-01T10:00:00.000Z",
  status,
  decided_at: status === "pending" ? null : "2026-01-02T10:00:00.000Z",
  decided_by: status === "pending" ? null : { id: 2, full_name: "Corey C" },
  reason: status === "rejected" ? "Out of area" : null,
  selected_providers: [],
  providers_selected_at: null,
  providers_selected_by: null,
  assignee: null,
  providers_state: status === "approved" ? "awaiting_providers" : null,
  assigned_provider: null,
  provider_assigned_at: null,
  possible_providers: 2,
  offers: [],
  audit: [],
})

export const page = (n: number): ListPage => ({
  count: n,
  next: null,
  previous: null,
  results: Array.from({ length: n }, () => workRequest("pending") as ListPage["results"][number]),
})

/** A pending application whose checklist lacks insurance (blocking) or holds everything. */
export const application = (
  status: "pending" | "accepted",
  complete: boolean,
  waiting: string | null = null,
): RecordDetail => ({
  uuid: UUID,
  company_name: "Acme Plumbing",
  contact_name: "Ada Applicant",
  contact_email: "ada@example.com",
  contact_phone: "+44 113 496 0000",
  services_offered: ["plumbing"],
  service_area: ["Leeds"],
  registration_number: "AB123456",
  documents: [],
  submitted_at: "2026-01-01T10:00:00.000Z",
  status,
  decided_at: status === "pending" ? null : "2026-01-02T10:00:00.000Z",
  decided_by: status === "pending" ? null : { id: 2, full_name: "Corey C" },
  reason: null,
  assignee: null,
  waiting_since: waiting,
  provider: null,
  checklist: [
    { kind: "insurance", state: complete ? "present" : "missing", expires_on: null },
    { kind: "trade_licence", state: "expiring", expires_on: "2026-01-20" },
  ],
  audit: [],
})
