// CSV as RFC 4180 writes it (CRLF line ends; a field with a comma, a quote or a line break in double quotes,
// its quotes doubled), UTF-8 with a byte-order mark so that spreadsheet programs read the accents right.
// A cell that starts like a formula (=, +, -, @, or a tab or carriage return that some programs skip before
// one) gets a leading single quote: the file holds what people typed into a public form, and a spreadsheet
// must show it, never run it.

export const CSV_BOM = "\uFEFF"

const FORMULA_START = /^[=+\-@\t\r]/
const NEEDS_QUOTES = /[",\r\n]/

export type CsvValue = string | number | boolean | null | undefined

/** One field: null and undefined as empty, numbers and booleans as written, text escaped. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return ""
  if (typeof value === "number" || typeof value === "boolean") return String(value)
  const safe = FORMULA_START.test(value) ? `'${value}` : value
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

/** One record, with its CRLF. */
export const csvRow = (values: ReadonlyArray<CsvValue>): string => `${values.map(csvCell).join(",")}\r\n`

/** The file's start: the byte-order mark and the header row. */
export const csvHead = (headers: ReadonlyArray<string>): string => `${CSV_BOM}${csvRow(headers)}`
