import { Schema } from "effect"
import type { FastifyInstance } from "fastify"
import { CompanyApplication, MaintenanceRequest, WorkRequest } from "../../../src/schema/marketplace"
import {
  CompanyApplicationIntake,
  MaintenanceRequestIntake,
  WorkRequestIntake,
} from "../../../src/schema/marketplace-input"
import { decodeOr400, encodeBody } from "../../http/decode"
import { submitApplication, submitRequest } from "../intake"
import { intakeGuard, intakeKeyFromEnv } from "./intake-auth"

// The intake API: how new applications and requests enter the back office (the public marketplace, and
// `npm run simulate`). Each answers 201 with the new pending record.

const CreatedRequest = Schema.Union([WorkRequest, MaintenanceRequest])

export async function intakeRoutes(app: FastifyInstance): Promise<void> {
  const { database, clock } = app.services
  const db = database.db
  const now = () => new Date(clock.now())
  const preHandler = intakeGuard(intakeKeyFromEnv())

  app.post("/api/v1/intake/company-applications/", { preHandler }, async (req, reply) => {
    const body = decodeOr400(CompanyApplicationIntake, req.body ?? {})
    reply.code(201)
    return encodeBody(CompanyApplication, await submitApplication(db, body, now()))
  })

  app.post("/api/v1/intake/work-requests/", { preHandler }, async (req, reply) => {
    const body = decodeOr400(WorkRequestIntake, req.body ?? {})
    const created = await submitRequest(db, { kind: "work", body }, now())
    reply.code(201)
    return encodeBody(CreatedRequest, created)
  })

  app.post("/api/v1/intake/maintenance-requests/", { preHandler }, async (req, reply) => {
    const body = decodeOr400(MaintenanceRequestIntake, req.body ?? {})
    const created = await submitRequest(db, { kind: "maintenance", body }, now())
    reply.code(201)
    return encodeBody(CreatedRequest, created)
  })
}
