import type { Effect } from "effect"
import type { Failure } from "../schema/failure"
import { ArchiveResponse, MarkUnreadResponse } from "../schema/notifications"
import { Api } from "./api"

// The inbox's calls beyond marking read: mark one unread, archive and unarchive (each answers with the
// new unread count), decoded by the shared wire schema like every other notification call.

const base = "/api/v1/notifications/"

export const markUnread = (id: number): Effect.Effect<MarkUnreadResponse, Failure, Api> =>
  Api.use((api) => api.request("POST", `${base}${id}/mark-unread/`, { schema: MarkUnreadResponse }))

export const archive = (id: number): Effect.Effect<ArchiveResponse, Failure, Api> =>
  Api.use((api) => api.request("POST", `${base}${id}/archive/`, { schema: ArchiveResponse }))

export const unarchive = (id: number): Effect.Effect<ArchiveResponse, Failure, Api> =>
  Api.use((api) => api.request("POST", `${base}${id}/unarchive/`, { schema: ArchiveResponse }))
