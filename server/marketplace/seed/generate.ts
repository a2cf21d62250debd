import { makeApplications, makeProviders } from "./generate-companies"
import { makeRequests } from "./generate-requests"
import type { SeedMarketplace } from "./model"
import { seededRandom } from "./random"

export interface GenerateOptions {
  readonly now: Date
  readonly seed?: number
  readonly applications?: number
  readonly workRequests?: number
  readonly maintenanceRequests?: number
  /** Providers that joined before the back office; accepted applications add more. */
  readonly legacyProviders?: number
}

/** The demo marketplace: deterministic for a given seed and `now` (dates are relative to it). */
export function generateMarketplace(options: GenerateOptions): SeedMarketplace {
  const random = seededRandom(options.seed ?? 20_250_630)
  const taken = new Set<string>()
  const applications = makeApplications(random, options.now, options.applications ?? 36, taken)
  const accepted = applications.filter((a) => a.status === "accepted")
  const providers = makeProviders(random, options.now, accepted, options.legacyProviders ?? 32, taken)
  const requests = [
    ...makeRequests(random, options.now, "work", options.workRequests ?? 70, providers),
    ...makeRequests(random, options.now, "maintenance", options.maintenanceRequests ?? 64, providers),
  ]
  return { providers, applications, requests }
}
