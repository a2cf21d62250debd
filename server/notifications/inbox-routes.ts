// The inbox's state changes under /api/v1/notifications/{id}/: mark-unread, archive and unarchive. Each is the
// signed-in user's own (another user's id, or an id that names nothing, is a 404), takes no body, and answers
// with the row's new state and the unread count. Registered by routes.ts beside mark-read, sharing its page
// cache, which must forget the user's pages before the answer leaves.
import type { FastifyInstance } from "fastify"
import { ArchiveResponse, MarkUnreadResponse } from "../../src/schema/notifications"
import { encodeBody } from "../http/decode"
import { requireUser } from "../http/require-user"
import { markUnread, setArchived } from "./inbox-state"

interface IdParams {
  readonly id: string
}

export interface InboxRouteDeps {
  readonly base: string
  readonly now: () => Date
  /** Forgets the user's cached pages. */
  readonly changed: (userId: number) => void
  readonly pathId: (raw: string) => number
}

export function registerInboxRoutes(app: FastifyInstance, deps: InboxRouteDeps): void {
  const { base, now, changed, pathId } = deps
  const db = app.services.database.db

  app.post<{ Params: IdParams }>(`${base}:id/mark-unread/`, { preHandler: requireUser }, async (req) => {
    const id = pathId(req.params.id)
    const { unread_count } = await markUnread(db, req.user.id, id)
    changed(req.user.id)
    return encodeBody(MarkUnreadResponse, { id, is_read: false, unread_count })
  })

  for (const [path, archived] of [
    ["archive", true],
    ["unarchive", false],
  ] as const) {
    app.post<{ Params: IdParams }>(`${base}:id/${path}/`, { preHandler: requireUser }, async (req) => {
      const id = pathId(req.params.id)
      const { unread_count } = await setArchived(db, req.user.id, id, archived, now())
      changed(req.user.id)
      return encodeBody(ArchiveResponse, { id, archived, unread_count })
    })
  }
}
