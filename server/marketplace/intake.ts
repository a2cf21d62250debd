import {
  type CompanyApplication,
  type MaintenanceRequest,
  serviceLabel,
  type WorkRequest,
} from "../../src/schema/marketplace/marketplace"
import type {
  CompanyApplicationIntake,
  MaintenanceRequestIntake,
  WorkRequestIntake,
} from "../../src/schema/marketplace/marketplace-input"
import { announce, priorityOfUrgency } from "./announce"
import { recordAudit } from "./audit"
import type { Db } from "./db"
import { APPLICATION_KIND, REQUEST_KINDS, URGENCY_RANK } from "./kinds"
import { possibleProviders } from "./provider-refs"
import { applicationSearchText, requestSearchText } from "./search-columns"
import { applicationToWire, requestToWire } from "./wire"

// New applications and requests from the marketplace's public side. Each lands pending, with a "submitted"
// audit entry in the submitter's name and a notification to every admin and coordinator, in one transaction.

const SENDER = "Marketplace"

const tidy = (s: string): string => s.trim().replace(/\s+/g, " ")

export function submitApplication(
  db: Db,
  body: CompanyApplicationIntake,
  now: Date,
): Promise<CompanyApplication> {
  const fields = {
    company_name: tidy(body.company_name),
    contact_name: tidy(body.contact_name),
    contact_email: body.contact_email.trim(),
    contact_phone: body.contact_phone.trim(),
    services_offered: [...body.services_offered],
    service_area: body.service_area.map(tidy),
    registration_number: body.registration_number.trim().toUpperCase(),
  }
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .insertInto("company_application")
      .values({
        ...fields,
        documents: JSON.stringify(body.documents.map((d) => ({ name: d.name.trim(), kind: d.kind }))),
        submitted_at: now,
        status: "pending",
        search_text: applicationSearchText(fields),
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    await recordAudit(tx, {
      recordKind: APPLICATION_KIND.recordKind,
      recordUuid: row.uuid,
      recordTitle: row.company_name,
      actor: { id: null, full_name: row.contact_name },
      action: "submitted",
      from: null,
      to: "pending",
      at: now,
    })
    await announce(tx, {
      title: "New company application",
      message: `${row.company_name} applied to offer ${row.services_offered.map(serviceLabel).join(", ")} in ${row.service_area.join(", ")}.`,
      type: "company_update",
      priority: "medium",
      actionUrl: APPLICATION_KIND.detailPath(row.uuid),
      actorUserId: null,
      senderName: SENDER,
    })
    return applicationToWire(row)
  })
}

type RequestIntake =
  | { readonly kind: "work"; readonly body: WorkRequestIntake }
  | { readonly kind: "maintenance"; readonly body: MaintenanceRequestIntake }

export function submitRequest(
  db: Db,
  intake: RequestIntake,
  now: Date,
): Promise<WorkRequest | MaintenanceRequest> {
  const { body } = intake
  const info = REQUEST_KINDS[intake.kind]
  const location = tidy(intake.kind === "work" ? intake.body.address : intake.body.site)
  const fields = {
    kind: intake.kind,
    title: tidy(body.title),
    description: body.description.trim(),
    customer_name: tidy(body.customer_name),
    location,
    area: tidy(body.area),
    service_category: body.service_category,
    urgency: body.urgency,
  }
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .insertInto("service_request")
      .values({
        ...fields,
        urgency_rank: URGENCY_RANK[body.urgency],
        preferred_from: body.preferred_dates?.[0] ?? null,
        preferred_to: body.preferred_dates?.[1] ?? null,
        budget_pence: body.budget ?? null,
        customer_email: body.customer_email?.trim() || null,
        customer_phone: body.customer_phone?.trim() || null,
        photos: (body.photos ?? []).map((p) => p.trim()),
        submitted_at: now,
        status: "pending",
        search_text: requestSearchText(fields),
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    await recordAudit(tx, {
      recordKind: info.recordKind,
      recordUuid: row.uuid,
      recordTitle: row.title,
      actor: { id: null, full_name: row.customer_name },
      action: "submitted",
      from: null,
      to: "pending",
      at: now,
    })
    await announce(tx, {
      title: `New ${info.noun}`,
      message: `"${row.title}" from ${row.customer_name} in ${row.area}: ${serviceLabel(row.service_category)}, ${row.urgency} urgency.`,
      type: "approval",
      priority: priorityOfUrgency(row.urgency),
      actionUrl: info.detailPath(row.uuid),
      actorUserId: null,
      senderName: SENDER,
    })
    const possible = await possibleProviders(tx, [row.id])
    return requestToWire(row, [], { possibleProviders: possible.get(row.id) ?? 0 })
  })
}
