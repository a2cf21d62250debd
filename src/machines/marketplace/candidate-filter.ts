import type { Candidate } from "../../schema/marketplace/candidates"

// How the shortlist is narrowed: distance and spare capacity by the server (it ranks what it keeps from 1),
// text and service on the page, over the rows the server gave.

/** What the server narrows the candidates by (`max_distance_km`, `has_capacity`). */
export interface ServerFilter {
  readonly maxKm: number | null
  readonly hasCapacity: boolean
}

/** The page's narrowing: text, service, maximum distance and spare capacity, all applied together. */
export interface CandidateFilter extends ServerFilter {
  readonly search: string
  readonly service: string
}

/** The candidates the text and service leave, still in rank order (the server applied distance and capacity). */
export function visibleCandidates(
  ctx: { readonly candidates: ReadonlyArray<Candidate> } & Pick<CandidateFilter, "search" | "service">,
) {
  const q = ctx.search.trim().toLowerCase()
  return ctx.candidates.filter(
    (c) =>
      (ctx.service === "" || c.services.some((s) => s === ctx.service)) &&
      (q === "" ||
        c.company_name.toLowerCase().includes(q) ||
        c.service_area.some((a) => a.toLowerCase().includes(q))),
  )
}

/** Whether the server left some candidates out for distance or capacity. */
export const narrowedByServer = (f: ServerFilter): boolean => f.maxKm !== null || f.hasCapacity

/** The server's part of a filter (or of a context holding one). */
export const serverFilterOf = (f: ServerFilter): ServerFilter => ({
  maxKm: f.maxKm,
  hasCapacity: f.hasCapacity,
})

export const sameServerFilter = (a: ServerFilter, b: ServerFilter): boolean =>
  a.maxKm === b.maxKm && a.hasCapacity === b.hasCapacity
