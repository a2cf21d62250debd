import type { ReportKind } from "../../schema/reports/reports"

// How the report's figures read on screen. Pure, so a view only calls them.

export const KIND_LABEL: Readonly<Record<ReportKind, string>> = {
  work: "Work requests",
  maintenance: "Maintenance requests",
  application: "Company applications",
}

/** Seconds as hours with one decimal ("30.5 h"), or "–" when there is nothing to measure. */
export const hours = (seconds: number | null): string =>
  seconds === null ? "–" : `${(seconds / 3600).toFixed(1)} h`

/** "85%" of a whole; "–" of nothing. */
export const share = (part: number, whole: number): string =>
  whole === 0 ? "–" : `${Math.round((100 * part) / whole)}%`

/** A chart's label cut to fit the chart's label column ("Heritage Appliance Rep…"); the table has it whole. */
export const shortLabel = (text: string, max = 22): string =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text
