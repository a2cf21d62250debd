import type { FastifyInstance, FastifyRequest } from "fastify"
import type { AcceptBody, RejectBody, ReopenBody } from "../../../src/schema/marketplace/marketplace-input"
import { pageBody } from "../../http/page-body"
import { marketplaceWindow } from "../list-query"
import { queueTimes } from "../queue-wait"
import { claimRecord } from "../records/record-claims"
import type { RecordCore, RecordKindEntry } from "../records/record-kind"
import { listRecords, type RecordListQuery } from "../records/record-list"
import { recordDetail } from "../records/record-rows"
import { decideRecord, reopenRecord } from "../records/record-transitions"

// The calls every record kind has (list, detail, decide, reject, reopen, assign, unassign), served from the
// kind's entry. A kind's route file names them as its API group does and adds the calls only it has.

interface Call {
  readonly req: FastifyRequest
  readonly params: { readonly uuid: string }
}

export function recordHandlers<Row extends RecordCore, Item, Detail>(
  app: FastifyInstance,
  kind: RecordKindEntry<Row, Item, Detail>,
) {
  const { database, clock, config } = app.services
  const db = database.db
  const now = () => new Date(clock.now())
  return {
    list: async ({ query, req }: { readonly query: RecordListQuery; readonly req: FastifyRequest }) => {
      const { facets, ...list } = await listRecords(db, kind, query, req.user.id, {
        now: now(),
        overdueAfterSeconds: config.queueOverdueAfterSeconds,
      })
      return {
        ...pageBody(req, marketplaceWindow(query), list),
        queue: queueTimes(config, now()),
        ...(facets === undefined ? {} : { facets }),
      }
    },
    detail: async ({ params }: Call) => recordDetail(db, kind, params.uuid, now()),
    decide: async ({ params, payload, req }: Call & { readonly payload?: AcceptBody }) =>
      decideRecord(
        db,
        kind,
        params.uuid,
        req.user,
        { to: "decided", overrideReason: payload?.override_reason ?? null },
        now(),
      ),
    reject: async ({ params, payload, req }: Call & { readonly payload: RejectBody }) =>
      decideRecord(db, kind, params.uuid, req.user, { to: "rejected", reason: payload.reason }, now()),
    reopen: async ({ params, payload, req }: Call & { readonly payload: ReopenBody }) =>
      reopenRecord(db, kind, params.uuid, req.user, payload.reason ?? null, now()),
    assign: async ({ params, req }: Call) =>
      claimRecord(db, kind, params.uuid, req.user, { to: "assigned" }, now()),
    unassign: async ({ params, req }: Call) =>
      claimRecord(db, kind, params.uuid, req.user, { to: "unassigned" }, now()),
  }
}
