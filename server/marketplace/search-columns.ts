import { searchText } from "./text"

// What each list's `search` looks through, computed once on write (intake, acceptance, seed).

export const applicationSearchText = (a: {
  readonly company_name: string
  readonly contact_name: string
  readonly contact_email: string
  readonly registration_number: string
  readonly services_offered: ReadonlyArray<string>
  readonly service_area: ReadonlyArray<string>
}): string =>
  searchText([
    a.company_name,
    a.contact_name,
    a.contact_email,
    a.registration_number,
    ...a.services_offered,
    ...a.service_area,
  ])

export const requestSearchText = (r: {
  readonly title: string
  readonly description: string
  readonly customer_name: string
  readonly location: string
  readonly area: string
  readonly service_category: string
}): string => searchText([r.title, r.description, r.customer_name, r.location, r.area, r.service_category])

export const providerSearchText = (p: {
  readonly company_name: string
  readonly services: ReadonlyArray<string>
  readonly service_area: ReadonlyArray<string>
}): string => searchText([p.company_name, ...p.services, ...p.service_area])
