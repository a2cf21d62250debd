import { ProviderPage } from "../marketplace"
import { ProviderListQuery } from "../marketplace-input"
import { endpoint, group } from "./endpoint"

export const providersApi = group("providers", "The companies that take work in the marketplace.", {
  list: endpoint({
    name: "list",
    method: "GET",
    path: "/api/v1/providers/",
    summary: "One page of providers, filtered by search, service and whether they are active.",
    callers: "signedIn",
    query: ProviderListQuery,
    success: ProviderPage,
    errors: [400, 401],
  }),
})
