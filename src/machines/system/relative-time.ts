// 'x ago' from two instants; the current instant comes from the clock actor, so this stays pure.

const UNITS: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
  ["second", 1],
]

// Building a formatter costs far more than formatting: a list of thousands of rows asks for one per row.
const formatters = new Map<string, Intl.RelativeTimeFormat>()
function formatterFor(locale: string): Intl.RelativeTimeFormat {
  let format = formatters.get(locale)
  if (format === undefined) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" })
    formatters.set(locale, format)
  }
  return format
}

// English, the default, is spelled out as Intl's "en" with numeric "auto" reads it: even the one formatter's
// first use (its locale data) was a tenth of the inbox's first render on a slow phone. A unit test holds it to
// Intl's output.
const LAST: Partial<Record<Intl.RelativeTimeFormatUnit, string>> = {
  year: "last year",
  month: "last month",
  week: "last week",
  day: "yesterday",
}
function english(n: number, unit: Intl.RelativeTimeFormatUnit): string {
  if (n === 0 && unit === "second") return "now"
  const last = n === 1 ? LAST[unit] : undefined
  if (last) return last
  const count = String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",")
  return `${count} ${unit}${n === 1 ? "" : "s"} ago`
}

export function relativeTime(iso: string, now: number, locale = "en"): string {
  const then = Date.parse(iso)
  if (Number.isNaN(then)) return ""
  // A server clock slightly ahead must not read 'in 3 seconds'.
  const seconds = Math.max(0, Math.round((now - then) / 1000))
  for (const [unit, size] of UNITS) {
    if (seconds >= size || unit === "second") {
      const n = Math.floor(seconds / size)
      return locale === "en" ? english(n, unit) : formatterFor(locale).format(-n, unit)
    }
  }
  return ""
}
