import { SearchQuery, SearchResults } from "../shell/search"
import { endpoint, type GroupDocs, group } from "./endpoint"

// The command palette's one call: records by their list's search columns, and the caller's notifications.

export const searchApi = group("search", {
  find: endpoint({
    method: "GET",
    path: "/api/v1/search/",
    callers: "signedIn",
    query: SearchQuery,
    success: SearchResults,
    errors: [400, 401],
  }),
})

/** The reference page's words for this group (server only: the browser's code never reads them). */
export const searchDocs = {
  description: "Finding records and notifications from anywhere (the command palette).",
  summaries: {
    find: "Work and maintenance requests, company applications and the caller's own notifications matching q, a few of each kind.",
  },
} satisfies GroupDocs<typeof searchApi>
