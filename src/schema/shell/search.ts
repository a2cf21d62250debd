import { Schema } from "effect"
import { MARKETPLACE_LIMITS } from "../marketplace/marketplace"

// The command palette's search: one text looked for at once in requests (title, customer and the rest of a
// list's search columns), company applications and the caller's own notifications. Each kind answers at most
// a few results, best first, so that the palette stays a short list to move through with the keyboard.

export const SEARCH_LIMITS = {
  /** Results per kind; a palette is for jumping to a record, the lists are for browsing. */
  perKind: 5,
  maxQueryLength: MARKETPLACE_LIMITS.maxSearchLength,
} as const

export const SEARCH_KINDS = [
  "work_request",
  "maintenance_request",
  "company_application",
  "notification",
] as const
export const SearchKind = Schema.Literals(SEARCH_KINDS)
export type SearchKind = typeof SearchKind.Type

export const SearchQuery = Schema.Struct({
  q: Schema.String.check(
    Schema.isPattern(/\S/, { message: "q must contain something to search for" }),
    Schema.isMaxLength(SEARCH_LIMITS.maxQueryLength, {
      message: `q must be at most ${SEARCH_LIMITS.maxQueryLength} characters`,
    }),
  ),
})
export type SearchQuery = typeof SearchQuery.Type

export const SearchResult = Schema.Struct({
  kind: SearchKind,
  /** A record's uuid, or a notification's id as text. */
  id: Schema.String,
  title: Schema.String,
  /** What tells two results with one title apart: the customer, the contact, the notification's date. */
  subtitle: Schema.String,
  /** The app path that opens it. */
  href: Schema.String,
})
export type SearchResult = typeof SearchResult.Type

export const SearchResults = Schema.Struct({ results: Schema.Array(SearchResult) })
export type SearchResults = typeof SearchResults.Type
