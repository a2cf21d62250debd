import { requiredKinds } from "../../../src/schema/documents/checklist"
import {
  type ApplicationStatus,
  SERVICE_CATEGORIES,
  type ServiceCategory,
} from "../../../src/schema/marketplace/marketplace"
import { daysBefore, hoursAfter, type SeedApplication, type SeedProvider, type StaffRole } from "./model"
import type { Random } from "./random"
import {
  APPLICATION_REJECTIONS,
  COMPANY_PREFIXES,
  COMPANY_SUFFIXES,
  DOCUMENTS,
  FIRST_NAMES,
  RELATED,
  REQUIRED_DOCUMENT_FILES,
  SURNAMES,
  TOWNS,
  TRADE_WORD,
} from "./vocabulary"

// Companies: applications in every status, and providers (from accepted applications, plus companies that
// were on the marketplace before the back office existed).

/** Three pending, three accepted and two rejected in every eight, so every list has rows. */
const APPLICATION_PATTERN: ReadonlyArray<ApplicationStatus> = [
  "pending",
  "accepted",
  "rejected",
  "pending",
  "accepted",
  "pending",
  "accepted",
  "rejected",
]

export const staffRole = (random: Random): StaffRole => (random.chance(0.7) ? "coordinator" : "admin")

const slug = (name: string): string =>
  name
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "")
    .slice(0, 24)

export function makeCompany(random: Random, taken: Set<string>) {
  const primary = random.pick(SERVICE_CATEGORIES)
  const services: ServiceCategory[] = [primary, ...random.sample(RELATED[primary], random.int(0, 2))]
  const home = random.pick(TOWNS)
  const others = random.sample(
    TOWNS.filter((t) => t.name !== home.name),
    random.int(0, 3),
  )
  let name = ""
  for (let attempt = 0; attempt < 30 && (name === "" || taken.has(name)); attempt++) {
    const place = attempt > 10 ? ` ${home.name}` : ""
    name = `${random.pick(COMPANY_PREFIXES)}${place} ${TRADE_WORD[primary]} ${random.pick(COMPANY_SUFFIXES)}`
  }
  taken.add(name)
  return { name, services, service_area: [home.name, ...others.map((t) => t.name)] }
}

export function makeApplications(
  random: Random,
  now: Date,
  count: number,
  taken: Set<string>,
): SeedApplication[] {
  return Array.from({ length: count }, (_, i) => {
    const status = APPLICATION_PATTERN[i % APPLICATION_PATTERN.length] ?? "pending"
    const company = makeCompany(random, taken)
    const first = random.pick(FIRST_NAMES)
    const last = random.pick(SURNAMES)
    const submitted_at =
      status === "pending" ? daysBefore(now, random.int(0, 240) / 24) : daysBefore(now, random.int(5, 60))
    const decided_at = hoursAfter(submitted_at, random.int(2, 72))
    const sampled = random.sample(DOCUMENTS, random.int(1, DOCUMENTS.length))
    // Every demo application names what its checklist requires (docs/behaviour.md#documents); added without
    // drawing from `random`, so that the rest of the demo stays as it was.
    const documents = [
      ...sampled,
      ...requiredKinds(company.services).flatMap((kind) =>
        sampled.some((d) => d.kind === kind)
          ? []
          : [{ name: REQUIRED_DOCUMENT_FILES[kind] ?? `${kind}.pdf`, kind }],
      ),
    ]
    return {
      uuid: random.uuid(),
      company_name: company.name,
      contact_name: `${first} ${last}`,
      contact_email: `${first}.${last}@${slug(company.name)}.co.uk`.toLowerCase(),
      contact_phone: `07700 900${String(random.int(0, 999)).padStart(3, "0")}`,
      services_offered: company.services,
      service_area: company.service_area,
      registration_number: String(random.int(1_000_000, 16_999_999)).padStart(8, "0"),
      documents,
      submitted_at,
      status,
      decision:
        status === "pending"
          ? null
          : {
              by: staffRole(random),
              at: decided_at,
              reason: status === "rejected" ? random.pick(APPLICATION_REJECTIONS) : null,
            },
    }
  })
}

/** Accepted applications become providers; `legacy` more predate the back office. */
export function makeProviders(
  random: Random,
  now: Date,
  accepted: ReadonlyArray<SeedApplication>,
  legacy: number,
  taken: Set<string>,
): SeedProvider[] {
  const fromApplications = accepted.map((a) => ({
    uuid: random.uuid(),
    company_name: a.company_name,
    services: a.services_offered,
    service_area: a.service_area,
    // Most newly accepted companies have no jobs rated yet.
    rating: random.chance(0.6) ? null : random.int(35, 50) / 10,
    current_load: random.int(0, 3),
    active: true,
    application_uuid: a.uuid,
    created_at: a.decision?.at ?? now,
  }))
  const older = Array.from({ length: legacy }, () => {
    const company = makeCompany(random, taken)
    return {
      uuid: random.uuid(),
      company_name: company.name,
      services: company.services,
      service_area: company.service_area,
      rating: random.chance(0.1) ? null : random.int(28, 50) / 10,
      current_load: random.int(0, 8),
      active: random.chance(0.9),
      application_uuid: null,
      created_at: daysBefore(now, random.int(90, 720)),
    }
  })
  return [...fromApplications, ...older]
}
