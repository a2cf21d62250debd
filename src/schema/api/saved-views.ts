import {
  SavedView,
  SavedViewCountPage,
  SavedViewCreate,
  SavedViewPage,
  SavedViewQuery,
  SavedViewRename,
} from "../marketplace/saved-views"
import { endpoint, type GroupDocs, group } from "./endpoint"
import { UuidParams } from "./params"

// Saved views of the record lists: the caller's own and the team's shared ones.

const V = "/api/v1/saved-views/"

export const savedViewsApi = group("savedViews", {
  list: endpoint({
    method: "GET",
    path: V,
    callers: "signedIn",
    query: SavedViewQuery,
    success: SavedViewPage,
    errors: [400, 401],
  }),
  counts: endpoint({
    method: "GET",
    path: `${V}shared/`,
    callers: "signedIn",
    success: SavedViewCountPage,
    errors: [401],
  }),
  create: endpoint({
    method: "POST",
    path: V,
    callers: "signedIn",
    payload: SavedViewCreate,
    success: SavedView,
    successStatus: 201,
    errors: [400, 401, 403, 409],
  }),
  rename: endpoint({
    method: "PATCH",
    path: `${V}:uuid/`,
    callers: "signedIn",
    params: UuidParams,
    payload: SavedViewRename,
    success: SavedView,
    errors: [400, 401, 403, 404, 409],
  }),
  remove: endpoint({
    method: "POST",
    path: `${V}:uuid/delete/`,
    callers: "signedIn",
    params: UuidParams,
    success: SavedViewPage,
    errors: [401, 403, 404],
  }),
})

export const savedViewsDocs = {
  description:
    "Named filters and orders of the record lists: each user's own, and the ones shared with the team.",
  summaries: {
    list: "The caller's own views and every shared one, of one list (`list`) or of all, by name.",
    counts:
      "The views shared with the team, each with the number of records it matches now (its list's status and filters; `assignee=mine` is the caller's), for the sidebar.",
    create:
      "Saves a list's query text (its filters, search, assignee and order; 400 for a parameter the list does not take) under a name; `shared` (coordinators and admins) shows it to the team. 409 when the name is taken in that list.",
    rename: "Renames a view: its owner, or an admin for a shared one. 409 when the name is taken.",
    remove: "Deletes a view (its owner, or an admin for a shared one) and answers the caller's views left.",
  },
} satisfies GroupDocs<typeof savedViewsApi>
