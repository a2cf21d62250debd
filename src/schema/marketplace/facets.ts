import { Schema } from "effect"

// The counts beside a list's filters (docs/behaviour.md#filters). Apart from the filters themselves so that
// the list's page schema can carry them without importing the filters' value lists.

export const FacetCount = Schema.Struct({ value: Schema.String, count: Schema.Number })
export type FacetCount = typeof FacetCount.Type
/**
 * How many records of the list carry each value, with every other filter applied (so that choosing a
 * second value of the same filter shows what it would add). `urgency` only on request lists.
 */
export const Facets = Schema.Struct({
  urgency: Schema.optionalKey(Schema.Array(FacetCount)),
  area: Schema.Array(FacetCount),
  service: Schema.Array(FacetCount),
  /** Pending records due today and overdue (values "today", "overdue"), with every other filter applied. */
  due: Schema.optionalKey(Schema.Array(FacetCount)),
})
export type Facets = typeof Facets.Type
