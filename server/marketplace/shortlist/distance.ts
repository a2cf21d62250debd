import type { Db } from "../db"

// Distances between postcode areas (./shortlist-migration.ts holds where each lies). A request is placed by
// the postcode at the end of its address, or by its area's town when the address has none we know; a company
// by its home town, the first area it serves.

export interface Point {
  readonly lat: number
  readonly lon: number
}

const EARTH_RADIUS_KM = 6371

/** Great-circle distance (haversine). */
export function haversineKm(a: Point, b: Point): number {
  const rad = (d: number) => (d * Math.PI) / 180
  const dLat = rad(b.lat - a.lat)
  const dLon = rad(b.lon - a.lon)
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)))
}

/** The area letters of the last full UK postcode in an address: "12 Mill Lane, Leeds LS6 2AB" → "LS". */
export function postcodeArea(address: string): string | null {
  const all = [...address.toUpperCase().matchAll(/\b([A-Z]{1,2})\d[A-Z\d]?\s*\d[A-Z]{2}\b/g)]
  return all.at(-1)?.[1] ?? null
}

export interface AreaMap {
  /** Where an address lies, by its postcode or else its town. */
  readonly locate: (address: string, town: string) => Point | null
  readonly town: (town: string) => Point | null
}

/** A row of postcode_area. */
export interface AreaRow extends Point {
  readonly code: string
  readonly town: string
}

export async function loadAreas(db: Db): Promise<AreaMap> {
  return areaMap(await db.selectFrom("postcode_area").selectAll().execute())
}

export function areaMap(rows: ReadonlyArray<AreaRow>): AreaMap {
  const byCode = new Map(rows.map((r) => [r.code, r]))
  const byTown = new Map(rows.map((r) => [r.town.trim().toLowerCase(), r]))
  const town = (name: string) => byTown.get(name.trim().toLowerCase()) ?? null
  return {
    town,
    locate: (address, name) => {
      const code = postcodeArea(address)
      return (code === null ? undefined : byCode.get(code)) ?? town(name)
    },
  }
}
