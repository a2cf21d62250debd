import type { ReactNode } from "react"
import type { RecordDetail } from "../../machines/marketplace/marketplace-types"
import { may } from "../../schema/auth/permissions"
import { serviceLabel } from "../../schema/marketplace/marketplace"
import { Checklist } from "../documents/Checklist"
import { DocumentsPanel } from "../documents/DocumentsPanel"
import { Later } from "../shared/Later"
import { StatusChip } from "../shared/StatusChip"
import * as ui from "../shared/ui.css"
import { useAuth } from "../system/app-context"
import { EmailLink, PhoneLink } from "./ContactLinks"
import { formatWhen } from "./format"
import * as css from "./marketplace.css"
import { ProvidersChip } from "./OfferChip"
import { formatBudget } from "./record-format"
import { UrgencyBadge } from "./UrgencyBadge"

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <>
    <dt className={css.factLabel}>{label}</dt>
    <dd className={css.factValue}>{children}</dd>
  </>
)

/**
 * The stored files, to staff who decide records; other readers are told so rather than shown names. Their
 * machine and request wait for the record's first paint, as the panel's own loading line.
 */
function StoredFiles({ uuid, noun }: { uuid: string; noun: "documents" | "photos" }) {
  const mayRead = useAuth((ctx) => may(ctx.user, "record.decide"))
  if (!mayRead) return <span className={ui.muted}>Shown to staff who decide records.</span>
  return (
    <Later fallback={<span className={ui.muted}>Loading {noun}…</span>}>
      <DocumentsPanel uuid={uuid} noun={noun} />
    </Later>
  )
}

/** Everything the record holds, as label and value. */
export function RecordFacts({ record }: { record: RecordDetail }) {
  const decided = record.decided_at ? (
    <>
      <Fact label="Decided">
        {formatWhen(record.decided_at)}
        {record.decided_by ? ` by ${record.decided_by.full_name}` : ""}
      </Fact>
      {record.reason ? <Fact label="Reason">{record.reason}</Fact> : null}
    </>
  ) : null
  if ("company_name" in record)
    return (
      <dl className={css.facts}>
        <Fact label="Status">
          <StatusChip status={record.status} />
        </Fact>
        <Fact label="Contact">{record.contact_name}</Fact>
        <Fact label="Email">
          <EmailLink email={record.contact_email} />
        </Fact>
        <Fact label="Phone">
          <PhoneLink phone={record.contact_phone} />
        </Fact>
        <Fact label="Registration number">{record.registration_number}</Fact>
        <Fact label="Services">{record.services_offered.map(serviceLabel).join(", ")}</Fact>
        <Fact label="Service area">{record.service_area.join(", ")}</Fact>
        <Fact label="Documents">
          <StoredFiles uuid={record.uuid} noun="documents" />
        </Fact>
        {record.checklist ? (
          <Fact label="Required documents">
            <Checklist entries={record.checklist} />
          </Fact>
        ) : null}
        <Fact label="Submitted">{formatWhen(record.submitted_at)}</Fact>
        {decided}
        {record.provider ? <Fact label="Provider">{record.provider.company_name}</Fact> : null}
      </dl>
    )
  return (
    <dl className={css.facts}>
      <Fact label="Status">
        <StatusChip status={record.status} />
      </Fact>
      <Fact label="Description">{record.description}</Fact>
      <Fact label="Customer">{record.customer_name}</Fact>
      <Fact label="Customer phone">
        {record.customer_phone ? <PhoneLink phone={record.customer_phone} /> : "Not given"}
      </Fact>
      <Fact label="Customer email">
        {record.customer_email ? <EmailLink email={record.customer_email} /> : "Not given"}
      </Fact>
      <Fact label={record.kind === "work" ? "Address" : "Site"}>
        {record.kind === "work" ? record.address : record.site}
      </Fact>
      <Fact label="Area">{record.area}</Fact>
      <Fact label="Service">{serviceLabel(record.service_category)}</Fact>
      <Fact label="Urgency">
        <UrgencyBadge urgency={record.urgency} />
      </Fact>
      <Fact label="Preferred dates">
        {record.preferred_dates ? `${record.preferred_dates[0]} to ${record.preferred_dates[1]}` : "Any"}
      </Fact>
      <Fact label="Budget">{formatBudget(record.budget)}</Fact>
      <Fact label="Photos">
        <StoredFiles uuid={record.uuid} noun="photos" />
      </Fact>
      <Fact label="Submitted">{formatWhen(record.submitted_at)}</Fact>
      {decided}
      {record.providers_state ? (
        <Fact label="Providers">
          <ProvidersChip state={record.providers_state} />
          {record.assigned_provider
            ? ` ${record.assigned_provider.company_name}${record.provider_assigned_at ? ` (${formatWhen(record.provider_assigned_at)})` : ""}`
            : ""}
        </Fact>
      ) : null}
      <Fact label="Selected providers">
        {record.selected_providers.length === 0
          ? "None yet"
          : record.selected_providers.map((p) => p.company_name).join(", ")}
        {record.providers_selected_at
          ? ` (${formatWhen(record.providers_selected_at)}${record.providers_selected_by ? ` by ${record.providers_selected_by.full_name}` : ""})`
          : ""}
      </Fact>
    </dl>
  )
}
