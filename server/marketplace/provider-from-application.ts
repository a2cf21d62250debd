import type { ProviderRef } from "../../src/schema/marketplace/marketplace"
import type { Db } from "./db"
import { providerSearchText } from "./search-columns"
import type { ApplicationRow } from "./wire"

// An accepted application becomes a provider; a reopened one stops being offered as a candidate. The provider
// row is kept across a reopen so that its history (rating, past jobs) survives a second acceptance.

export async function activateProviderFor(
  db: Db,
  application: ApplicationRow,
  now: Date,
): Promise<ProviderRef> {
  const fields = {
    company_name: application.company_name,
    services: application.services_offered,
    service_area: application.service_area,
  }
  const existing = await db
    .updateTable("provider")
    .set({ ...fields, active: true, search_text: providerSearchText(fields) })
    .where("application_id", "=", application.id)
    .returning(["uuid", "company_name"])
    .executeTakeFirst()
  if (existing !== undefined) return existing
  return db
    .insertInto("provider")
    .values({
      ...fields,
      rating: null,
      application_id: application.id,
      created_at: now,
      search_text: providerSearchText(fields),
    })
    .returning(["uuid", "company_name"])
    .executeTakeFirstOrThrow()
}

export async function deactivateProviderFor(db: Db, applicationId: number): Promise<ProviderRef | null> {
  const row = await db
    .updateTable("provider")
    .set({ active: false })
    .where("application_id", "=", applicationId)
    .returning(["uuid", "company_name"])
    .executeTakeFirst()
  return row ?? null
}
