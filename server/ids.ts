// The shapes of ids as the server checks them before they reach a query or leave a NOTIFY payload, in one
// place for every domain.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A malformed id names nothing, so it is a 404 like an unknown one (and never reaches a uuid cast). */
export const isUuid = (value: string): boolean => UUID.test(value)

const ROW_ID = /^[1-9][0-9]{0,14}$/

/** A positive row id written as text, as NOTIFY payloads carry them. */
export const isRowId = (value: string): boolean => ROW_ID.test(value)
