import { ProviderListQuery } from "../marketplace/marketplace-input"
import { ProviderPage } from "../marketplace/record-pages"
import { endpoint, type GroupDocs, group } from "./endpoint"

export const providersApi = group("providers", {
  list: endpoint({
    method: "GET",
    path: "/api/v1/providers/",
    callers: "signedIn",
    query: ProviderListQuery,
    success: ProviderPage,
    errors: [400, 401],
  }),
})

/** The reference page's words for this group (server only: the browser's code never reads them). */
export const providersDocs = {
  description: "The companies that take work in the marketplace.",
  summaries: {
    list: "One page of providers, filtered by search, service and whether they are active.",
  },
} satisfies GroupDocs<typeof providersApi>
