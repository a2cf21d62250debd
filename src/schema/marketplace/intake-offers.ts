import { Schema } from "effect"
import { Offer, RequestKind, ServiceCategory, Urgency, Uuid } from "./marketplace"
import { Page } from "./record-pages"

// Offers as the marketplace's provider side lists them through the intake API (docs/behaviour.md#offers).

/** An offer as the marketplace's provider side sees it: the job it is for, without the customer. */
export const IntakeOffer = Schema.Struct({
  ...Offer.fields,
  request: Schema.Struct({
    uuid: Uuid,
    kind: RequestKind,
    title: Schema.String,
    area: Schema.String,
    service_category: ServiceCategory,
    urgency: Urgency,
  }),
})
export type IntakeOffer = typeof IntakeOffer.Type
export const IntakeOfferPage = Page(IntakeOffer)
export type IntakeOfferPage = typeof IntakeOfferPage.Type
