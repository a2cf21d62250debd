import type { Effect } from "effect"
import { notificationsApi } from "../../schema/api/notifications"
import type { ArchiveResponse, MarkUnreadResponse } from "../../schema/notifications/notifications"
import type { Failure } from "../../schema/system/failure"
import { callEndpoint } from "../system/api-call"
import { Api } from "../system/api-client"

// The inbox's calls beyond marking read: mark one unread, archive and unarchive (each answers with the
// new unread count), typed by the API description like every other notification call.

const {
  markUnread: markUnreadCall,
  archive: archiveCall,
  unarchive: unarchiveCall,
} = notificationsApi.endpoints

export const markUnread = (id: number): Effect.Effect<MarkUnreadResponse, Failure, Api> =>
  Api.use((api) => callEndpoint(api, markUnreadCall, { params: { id: String(id) } }))

export const archive = (id: number): Effect.Effect<ArchiveResponse, Failure, Api> =>
  Api.use((api) => callEndpoint(api, archiveCall, { params: { id: String(id) } }))

export const unarchive = (id: number): Effect.Effect<ArchiveResponse, Failure, Api> =>
  Api.use((api) => callEndpoint(api, unarchiveCall, { params: { id: String(id) } }))
