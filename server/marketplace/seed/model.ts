import type {
  ApplicationStatus,
  CompanyDocument,
  RequestKind,
  RequestStatus,
  ServiceCategory,
  Urgency,
} from "../../../src/schema/marketplace/marketplace"

// The generated demo data before it meets the database: plain values, with the deciding staff member named
// by role (the seeder looks the demo accounts up).

export type StaffRole = "admin" | "coordinator"

export interface Decision {
  readonly by: StaffRole
  readonly at: Date
  readonly reason: string | null
}

export interface SeedProvider {
  readonly uuid: string
  readonly company_name: string
  readonly services: ServiceCategory[]
  readonly service_area: string[]
  readonly rating: number | null
  current_load: number
  readonly active: boolean
  readonly application_uuid: string | null
  readonly created_at: Date
}

export interface SeedApplication {
  readonly uuid: string
  readonly company_name: string
  readonly contact_name: string
  readonly contact_email: string
  readonly contact_phone: string
  readonly services_offered: ServiceCategory[]
  readonly service_area: string[]
  readonly registration_number: string
  readonly documents: CompanyDocument[]
  readonly submitted_at: Date
  readonly status: ApplicationStatus
  readonly decision: Decision | null
}

/**
 * A customer's invented contact, from their name and the request's uuid, so that adding it used no draw of the
 * seeded random source (the rest of the demo stays as it was). 07700 900xxx is a range kept for drama.
 */
export const customerContact = (name: string, uuid: string) => ({
  customer_email: `${name.toLowerCase().replace(/[^a-z]+/g, ".")}@example.net`,
  customer_phone: `07700 900${String(Number.parseInt(uuid.slice(0, 6), 16) % 1000).padStart(3, "0")}`,
})

export interface SeedRequest {
  readonly uuid: string
  readonly kind: RequestKind
  readonly title: string
  readonly description: string
  readonly customer_name: string
  readonly location: string
  readonly area: string
  readonly service_category: ServiceCategory
  readonly urgency: Urgency
  readonly preferred_dates: readonly [string, string] | null
  readonly budget_pence: number | null
  readonly photos: string[]
  readonly submitted_at: Date
  readonly status: RequestStatus
  readonly decision: Decision | null
  readonly selection: { readonly by: StaffRole; readonly at: Date; readonly providers: string[] } | null
}

export interface SeedMarketplace {
  readonly providers: SeedProvider[]
  readonly applications: SeedApplication[]
  readonly requests: SeedRequest[]
}

const HOUR = 3_600_000
export const DAY = 24 * HOUR

export const hoursAfter = (at: Date, hours: number): Date => new Date(at.getTime() + hours * HOUR)
export const daysBefore = (at: Date, days: number): Date => new Date(at.getTime() - days * DAY)
export const isoDay = (at: Date): string => at.toISOString().slice(0, 10)
