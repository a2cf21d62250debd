import type {
  CompanyApplicationIntake,
  MaintenanceRequestIntake,
  WorkRequestIntake,
} from "../../../src/schema/marketplace/marketplace-input"
import { makeApplications, makeProviders } from "./generate-companies"
import { makeRequests } from "./generate-requests"
import { customerContact, isoDay, type SeedApplication, type SeedProvider, type SeedRequest } from "./model"
import type { Random } from "./random"

// New submissions for `npm run simulate`, shaped as the intake API takes them. They come from the same
// generator as the seed, so the simulated queue looks like the seeded one.

export type IntakeBody =
  | { readonly kind: "application"; readonly label: string; readonly body: CompanyApplicationIntake }
  | { readonly kind: "work"; readonly label: string; readonly body: WorkRequestIntake }
  | { readonly kind: "maintenance"; readonly label: string; readonly body: MaintenanceRequestIntake }

const applicationBody = (a: SeedApplication): CompanyApplicationIntake => ({
  company_name: a.company_name,
  contact_name: a.contact_name,
  contact_email: a.contact_email,
  contact_phone: a.contact_phone,
  services_offered: a.services_offered,
  service_area: a.service_area,
  registration_number: a.registration_number,
  documents: a.documents,
})

/** The generator dates a request in the recent past; a new one's preferred dates move forward with it. */
const shiftDays = (day: string, ms: number): string => isoDay(new Date(Date.parse(day) + ms))

const requestFields = (r: SeedRequest, now: Date) => ({
  title: r.title,
  description: r.description,
  customer_name: r.customer_name,
  ...customerContact(r.customer_name, r.uuid),
  area: r.area,
  service_category: r.service_category,
  urgency: r.urgency,
  preferred_dates: r.preferred_dates
    ? ([
        shiftDays(r.preferred_dates[0], now.getTime() - r.submitted_at.getTime()),
        shiftDays(r.preferred_dates[1], now.getTime() - r.submitted_at.getTime()),
      ] as const)
    : null,
  budget: r.budget_pence,
  photos: r.photos,
})

/** A source of fresh submissions: roughly 3 applications, 4 work and 3 maintenance requests in every 10. */
export function intakeBodies(random: Random, now: () => Date) {
  const taken = new Set<string>()
  // A pretend marketplace to draw services and towns from, so most requests have candidates.
  const market: SeedProvider[] = makeProviders(random, now(), [], 40, new Set())
  const oneRequest = (kind: "work" | "maintenance"): SeedRequest => {
    // index 0 of the status pattern is "pending", which is what a new request is.
    const [request] = makeRequests(random, now(), kind, 1, market)
    if (request === undefined) throw new Error("no request generated")
    return request
  }
  return (): IntakeBody => {
    const roll = random.next()
    if (roll < 0.3) {
      const [application] = makeApplications(random, now(), 1, taken)
      if (application === undefined) throw new Error("no application generated")
      return {
        kind: "application",
        label: `Application from ${application.company_name}`,
        body: applicationBody(application),
      }
    }
    if (roll < 0.7) {
      const r = oneRequest("work")
      return {
        kind: "work",
        label: `Work request "${r.title}"`,
        body: { ...requestFields(r, now()), address: r.location },
      }
    }
    const r = oneRequest("maintenance")
    return {
      kind: "maintenance",
      label: `Maintenance request "${r.title}"`,
      body: { ...requestFields(r, now()), site: r.location },
    }
  }
}
