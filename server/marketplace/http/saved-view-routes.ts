import type { FastifyInstance } from "fastify"
import { savedViewsApi } from "../../../src/schema/api/saved-views"
import { serveGroup } from "../../http/serve-endpoint"
import { sharedViewCounts } from "../saved-view-counts"
import { createSavedView, deleteSavedView, listSavedViews, renameSavedView } from "../saved-views"

// Saved views of the record lists (src/schema/api/saved-views.ts).

export async function savedViewRoutes(app: FastifyInstance): Promise<void> {
  const { database, clock, config } = app.services
  const db = database.db
  serveGroup(app, savedViewsApi, {
    list: async ({ query, req }) => ({ results: await listSavedViews(db, req.user, query.list) }),
    counts: async ({ req }) => ({
      results: await sharedViewCounts(db, req.user, {
        now: new Date(clock.now()),
        overdueAfterSeconds: config.queueOverdueAfterSeconds,
      }),
    }),
    create: async ({ payload, req }) => createSavedView(db, req.user, payload, new Date(clock.now())),
    rename: async ({ params, payload, req }) => renameSavedView(db, req.user, params.uuid, payload.name),
    remove: async ({ params, req }) => ({ results: await deleteSavedView(db, req.user, params.uuid) }),
  })
}
