import type { FastifyInstance } from "fastify"
import { intakeApi } from "../../../src/schema/api/intake"
import { serveGroup } from "../../http/serve-endpoint"
import { submitApplication, submitRequest } from "../intake"
import { intakeGuard, intakeKeyFromEnv } from "./intake-auth"

// The intake API: how new applications and requests enter the back office (the public marketplace, and
// `npm run simulate`). Each answers 201 with the new pending record.

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
    },
    { companyApplication: guard, workRequest: guard, maintenanceRequest: guard },
  )
}
