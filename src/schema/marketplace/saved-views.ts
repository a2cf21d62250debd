import { Schema } from "effect"
import { Timestamp } from "./marketplace"
import { ApplicationListQuery, RequestListQuery } from "./marketplace-input"

// Saved views (docs/behaviour.md#saved-views): a named set of a list's filters and order, the user's own or
// shared with the team. A view is its list and the query text of the list's address, so that opening it is
// opening that address, for anyone allowed to see the list.

export const SAVED_VIEW_LIMITS = { maxNameLength: 60, maxQueryLength: 2000, maxPerUser: 50 } as const

/** Which list a view belongs to: the record kind and its status, as the list's page has them. */
export const SAVED_VIEW_LISTS = [
  "work:pending",
  "work:approved",
  "work:rejected",
  "maintenance:pending",
  "maintenance:approved",
  "maintenance:rejected",
  "application:pending",
  "application:accepted",
  "application:rejected",
] as const
export const SavedViewList = Schema.Literals(SAVED_VIEW_LISTS)
export type SavedViewList = typeof SavedViewList.Type

const Name = Schema.String.check(
  Schema.isPattern(/\S/, { message: "A name must not be empty" }),
  Schema.isMaxLength(SAVED_VIEW_LIMITS.maxNameLength, {
    message: `A name must be at most ${SAVED_VIEW_LIMITS.maxNameLength} characters`,
  }),
)
/** The list address's query text without `?` ("urgency=emergency&ordering=-urgency"). */
const QueryText = Schema.String.check(
  Schema.isMaxLength(SAVED_VIEW_LIMITS.maxQueryLength, {
    message: `A view's query must be at most ${SAVED_VIEW_LIMITS.maxQueryLength} characters`,
  }),
)

export const SavedView = Schema.Struct({
  uuid: Schema.String,
  name: Schema.String,
  list: SavedViewList,
  query: Schema.String,
  shared: Schema.Boolean,
  owner: Schema.Struct({ id: Schema.Number, full_name: Schema.String }),
  /** Whether the caller may rename and delete it: its owner, or an admin for a shared view. */
  editable: Schema.Boolean,
  created_at: Timestamp,
})
export type SavedView = typeof SavedView.Type

export const SavedViewPage = Schema.Struct({ results: Schema.Array(SavedView) })
export type SavedViewPage = typeof SavedViewPage.Type

/** A view shared with the team and how many records it matches now (the sidebar's count). */
export const SavedViewCount = Schema.Struct({
  uuid: Schema.String,
  name: Schema.String,
  list: SavedViewList,
  query: Schema.String,
  count: Schema.Number,
})
export type SavedViewCount = typeof SavedViewCount.Type

export const SavedViewCountPage = Schema.Struct({ results: Schema.Array(SavedViewCount) })
export type SavedViewCountPage = typeof SavedViewCountPage.Type

export const SavedViewQuery = Schema.Struct({ list: Schema.optionalKey(SavedViewList) })
export type SavedViewQuery = typeof SavedViewQuery.Type

export const SavedViewCreate = Schema.Struct({
  name: Name,
  list: SavedViewList,
  query: QueryText,
  shared: Schema.optionalKey(Schema.Boolean),
})
export type SavedViewCreate = typeof SavedViewCreate.Type

export const SavedViewRename = Schema.Struct({ name: Name })
export type SavedViewRename = typeof SavedViewRename.Type

/** What a view's query text may hold: the list's own parameters, without its status and paging. */
const { status: _rs, page: _rp, page_size: _rz, facets: _rf, ...requestView } = RequestListQuery.fields
const {
  status: _as,
  page: _ap,
  page_size: _az,
  facets: _af,
  ...applicationView
} = ApplicationListQuery.fields
export const RequestViewParams = Schema.Struct(requestView)
export const ApplicationViewParams = Schema.Struct(applicationView)
