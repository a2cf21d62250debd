import { chartFilename, chartRows, type ReportChart, toCsv } from "../../machines/reports/report-csv"
import type { ReportSummary } from "../../schema/reports/reports"

// A chart's figures as a CSV file: a link whose address holds the file, so the browser saves it as it is.

export function ChartCsv({
  report,
  chart,
  label,
}: {
  report: ReportSummary
  chart: ReportChart
  label: string
}) {
  const href = `data:text/csv;charset=utf-8,${encodeURIComponent(toCsv(chartRows(report, chart)))}`
  return (
    <p>
      <a href={href} download={chartFilename(report, chart)}>
        Download CSV of {label}
      </a>
    </p>
  )
}
