// Every paged list, in every domain, reads its page the same way: `page` counts from 1 and is 1 when absent.

export interface ListResult<T> {
  readonly count: number
  readonly results: ReadonlyArray<T>
}

export interface PageWindow {
  readonly page: number
  readonly pageSize: number
  readonly limit: number
  readonly offset: number
}

export const pageWindow = (
  page: number | undefined,
  pageSize: number | undefined,
  defaultPageSize: number,
): PageWindow => {
  const p = page ?? 1
  const size = pageSize ?? defaultPageSize
  return { page: p, pageSize: size, limit: size, offset: (p - 1) * size }
}
