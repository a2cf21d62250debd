// The provider side of `npm run simulate`: now and then one provider answers one open offer through the
// intake API, as the marketplace would relay it, so that requests get taken, declined and reopened to others
// while a coordinator watches (docs/behaviour.md#offers).
import { Schema } from "effect"
import type { Random } from "../server/marketplace/seed/random"
import { IntakeOfferPage } from "../src/schema/marketplace/intake-offers"

/** Most providers take a job they were offered; some are fully booked. */
const ACCEPT_CHANCE = 0.6
const DECLINE_REASONS = ["Fully booked this week", "Outside our usual area", "Not our kind of job"]

export interface OfferAnswerer {
  /** Answers one open offer, if there is any; what happened, for the progress line, or null. */
  readonly answerOne: () => Promise<string | null>
}

export function offerAnswerer(
  url: string,
  headers: () => Promise<Record<string, string>>,
  random: Random,
): OfferAnswerer {
  return {
    answerOne: async () => {
      const listed = await fetch(`${url}/api/v1/intake/offers/?page_size=20`, {
        headers: await headers(),
        signal: AbortSignal.timeout(15_000),
      })
      if (!listed.ok) return null
      const page = Schema.decodeUnknownSync(IntakeOfferPage)(await listed.json())
      if (page.results.length === 0) return null
      const offer = random.pick(page.results)
      const accept = random.chance(ACCEPT_CHANCE)
      const res = await fetch(`${url}/api/v1/intake/offers/${offer.uuid}/${accept ? "accept" : "decline"}/`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(await headers()) },
        body: JSON.stringify(accept ? {} : { reason: random.pick(DECLINE_REASONS) }),
        signal: AbortSignal.timeout(15_000),
      })
      const who = `${offer.provider.company_name} ${accept ? "accepted" : "declined"} "${offer.request.title}"`
      // A 409 is part of the demo too: another provider took the job first.
      return res.ok ? who : res.status === 409 ? `${who}: too late` : null
    },
  }
}
