import type { AccountStatus, StaffQuery } from "../../schema/accounts/staff"

// The staff page's search and filters, kept in the URL (they survive a reload and Back): read from it and
// written to it in one order, so that the same filters always make the same URL.

const STATUSES: ReadonlyArray<AccountStatus> = ["invited", "active", "deactivated"]
const isStatus = (value: string): value is AccountStatus => STATUSES.some((s) => s === value)
/** As the server accepts them: longer values would be a 400, so the URL's are cut. */
const MAX_SEARCH = 254
const MAX_CATEGORY = 64

export function parseStaffSearch(search: string): StaffQuery {
  const params = new URLSearchParams(search)
  const text = params.get("search")?.slice(0, MAX_SEARCH) ?? ""
  const status = params.get("status") ?? ""
  const category = params.get("category")?.slice(0, MAX_CATEGORY) ?? ""
  return {
    ...(text === "" ? {} : { search: text }),
    ...(isStatus(status) ? { status } : {}),
    ...(category === "" ? {} : { category }),
  }
}

export function staffSearchString(query: StaffQuery): string {
  const params = new URLSearchParams()
  if (query.search) params.set("search", query.search)
  if (query.status) params.set("status", query.status)
  if (query.category) params.set("category", query.category)
  return params.toString()
}

export const sameStaffQuery = (a: StaffQuery, b: StaffQuery): boolean =>
  staffSearchString(a) === staffSearchString(b)

export const hasStaffFilters = (query: StaffQuery): boolean => staffSearchString(query) !== ""
