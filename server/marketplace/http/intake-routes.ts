import type { FastifyInstance } from "fastify"
import { intakeApi } from "../../../src/schema/api/intake"
import { pageBody } from "../../http/page-body"
import { serveGroup } from "../../http/serve-endpoint"
import { submitApplication, submitRequest } from "../intake"
import { marketplaceWindow } from "../list-query"
import { listIntakeOffers } from "../offers/intake-offers"
import { acceptOffer, declineOffer } from "../offers/offer-answers"
import { intakeGuard, intakeKeyFromEnv } from "./intake-auth"

// The intake API: how new applications and requests enter the back office (the public marketplace, and
// `npm run simulate`), each answering 201 with the new pending record; and how providers answer the offers
// made to them (docs/behaviour.md#offers).

export async function intakeRoutes(app: FastifyInstance): Promise<void> {
  const { database, clock } = app.services
  const db = database.db
  const now = () => new Date(clock.now())
  const guard = { guard: intakeGuard(intakeKeyFromEnv()) }

  serveGroup(
    app,
    intakeApi,
    {
      companyApplication: async ({ payload }) => submitApplication(db, payload, now()),
      workRequest: async ({ payload }) => submitRequest(db, { kind: "work", body: payload }, now()),
      maintenanceRequest: async ({ payload }) =>
        submitRequest(db, { kind: "maintenance", body: payload }, now()),
      offers: async ({ query, req }) =>
        pageBody(req, marketplaceWindow(query), await listIntakeOffers(db, query)),
      acceptOffer: async ({ params }) => acceptOffer(db, params.uuid, now()),
      declineOffer: async ({ params, payload }) =>
        declineOffer(db, params.uuid, payload.reason ?? null, now()),
    },
    {
      companyApplication: guard,
      workRequest: guard,
      maintenanceRequest: guard,
      offers: guard,
      acceptOffer: guard,
      declineOffer: guard,
    },
  )
}
