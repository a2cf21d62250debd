// Building a formatter costs far more than formatting, and the connection's health re-renders on every tick of
// its clock: one formatter per locale, built on first use.
const formatters = new Map<string, Intl.DateTimeFormat>()

/** 'HH:MM' for 'offline since'. */
export function clockTime(at: number, locale = "en-GB"): string {
  let format = formatters.get(locale)
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit" })
    formatters.set(locale, format)
  }
  return format.format(at)
}
