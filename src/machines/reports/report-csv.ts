import type { ReportSummary } from "../../schema/reports/reports"

// Each chart of /reports as CSV (docs/behaviour.md#reports): the figures of its table, raw (seconds, counts),
// so that a spreadsheet can compute with them. The same form as the lists' exports: RFC 4180 with CRLF,
// UTF-8 with a byte-order mark, and a cell a spreadsheet would run as a formula escaped with a leading `'`.
// Small enough to build in the page: a report is a few hundred rows at most. Pure.

export const REPORT_CHARTS = ["daily", "by_kind", "backlog", "people", "providers"] as const
export type ReportChart = (typeof REPORT_CHARTS)[number]

type Cell = string | number | null

const cell = (value: Cell): string => {
  const text = value === null ? "" : String(value)
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

export const toCsv = (rows: ReadonlyArray<ReadonlyArray<Cell>>): string =>
  `\uFEFF${rows.map((r) => `${r.map(cell).join(",")}\r\n`).join("")}`

/** The header and rows of one chart's figures. */
export function chartRows(report: ReportSummary, chart: ReportChart): ReadonlyArray<ReadonlyArray<Cell>> {
  switch (chart) {
    case "daily":
      return [
        ["Day (UTC)", "Received", "Decided"],
        ...report.daily.map((d) => [d.day, d.received, d.decided]),
      ]
    case "by_kind":
      return [
        ["Kind", "Decided", "Median seconds", "90th percentile seconds", "Within target"],
        ...report.by_kind.map((k) => [k.kind, k.decided, k.median_seconds, k.p90_seconds, k.within_target]),
      ]
    case "backlog":
      return [["Waiting", "Pending"], ...report.backlog.map((b) => [b.age, b.pending])]
    case "people":
      return [
        ["Person", "Decisions", "Median seconds"],
        ...report.people.map((p) => [p.name, p.decisions, p.median_seconds]),
      ]
    case "providers":
      return [
        ["Provider", "Offered", "Accepted", "Declined", "Expired"],
        ...report.provider_acceptance.map((p) => [p.provider, p.offered, p.accepted, p.declined, p.expired]),
      ]
  }
}

/** "report-daily-30-days-2026-11-26.csv". */
export const chartFilename = (report: ReportSummary, chart: ReportChart): string =>
  `report-${chart.replace("_", "-")}-${report.days}-days-${report.as_of.slice(0, 10)}.csv`
