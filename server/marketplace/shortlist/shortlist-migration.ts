// The shortlist's facts the server owns (docs/behaviour.md#choosing-providers): where each postcode area the
// marketplace serves lies, so that a candidate's distance from the request can be measured; how many open jobs
// a company can hold; and an index for reading a provider's past offers, which the shortlist scores.
// A table rather than a constant: the areas are data an operator extends with a row, and SQL can join them.
import { sql } from "kysely"
import type { Migration } from "../../db/migrate"

/** The centre of each postcode area the demo's towns lie in (WGS84 degrees). */
const AREAS: ReadonlyArray<readonly [code: string, town: string, lat: number, lon: number]> = [
  ["LS", "Leeds", 53.8008, -1.5491],
  ["M", "Manchester", 53.4808, -2.2426],
  ["BS", "Bristol", 51.4545, -2.5879],
  ["S", "Sheffield", 53.3811, -1.4701],
  ["NG", "Nottingham", 52.9548, -1.1581],
  ["LE", "Leicester", 52.6369, -1.1398],
  ["YO", "York", 53.96, -1.0873],
  ["L", "Liverpool", 53.4084, -2.9916],
  ["B", "Birmingham", 52.4862, -1.8904],
  ["CV", "Coventry", 52.4068, -1.5197],
  ["BN", "Brighton", 50.8225, -0.1372],
  ["CF", "Cardiff", 51.4816, -3.1791],
  ["NE", "Newcastle", 54.9783, -1.6178],
  ["NR", "Norwich", 52.6309, 1.2974],
  ["OX", "Oxford", 51.752, -1.2577],
  ["RG", "Reading", 51.4543, -0.9781],
  ["BA", "Bath", 51.3758, -2.3599],
  ["EX", "Exeter", 50.7184, -3.5339],
]

const statements = [
  `create table postcode_area (
    code text primary key,
    town text not null unique,
    lat double precision not null check (lat between -90 and 90),
    lon double precision not null check (lon between -180 and 180)
  )`,
  `insert into postcode_area (code, town, lat, lon) values ${AREAS.map(
    ([code, town, lat, lon]) => `('${code}', '${town}', ${lat}, ${lon})`,
  ).join(", ")}`,
  // Open jobs are counted against it; existing companies get the demo's middle value.
  "alter table provider add column capacity integer not null default 6 check (capacity > 0)",
  "create index provider_offer_provider on provider_offer (provider_id, state)",
  // The towns a company serves as the candidates query compares them (trimmed, lower case), indexed, so that
  // among 10,000 companies the area narrows with the trade's index instead of reading every row.
  `create function provider_area_keys(areas text[]) returns text[] language sql immutable parallel safe
    as $$ select coalesce(array_agg(lower(trim(a))), '{}') from unnest(areas) as a $$`,
  // Stored, not an expression index: the index's recheck then reads the column instead of calling the
  // function on every row it visits, which PGlite does slowly.
  "alter table provider add column service_area_keys text[] generated always as (provider_area_keys(service_area)) stored",
  "create index provider_area_keys on provider using gin (service_area_keys)",
]

export const shortlistMigration: Migration = {
  name: "0590_shortlist",
  up: async (db) => {
    // PGlite prepares one statement at a time.
    for (const statement of statements) await sql.raw(statement).execute(db)
  },
}
