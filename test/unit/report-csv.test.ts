import { describe, expect, it } from "vitest"
import { chartFilename, chartRows, REPORT_CHARTS, toCsv } from "../../src/machines/reports/report-csv"
import type { ReportSummary } from "../../src/schema/reports/reports"

const REPORT: ReportSummary = {
  days: 30,
  as_of: "2026-11-26T12:00:00.000Z",
  target_seconds: 259200,
  daily: [{ day: "2026-11-25", received: 4, decided: 3 }],
  by_kind: [{ kind: "work", decided: 3, median_seconds: 3600, p90_seconds: 7200, within_target: 2 }],
  backlog: [{ age: "under 1 day", pending: 5 }],
  people: [{ name: '=cmd|"/c calc"!A1', decisions: 2, median_seconds: null }],
  provider_acceptance: [{ provider: "+Plumb Co", offered: 5, accepted: 2, declined: 1, expired: 2 }],
}

describe("a chart's CSV", () => {
  it("has a byte-order mark, CRLF rows, the table's header and raw figures", () => {
    expect(toCsv(chartRows(REPORT, "daily"))).toBe("\uFEFFDay (UTC),Received,Decided\r\n2026-11-25,4,3\r\n")
    expect(toCsv(chartRows(REPORT, "by_kind")).split("\r\n")[1]).toBe("work,3,3600,7200,2")
  })

  it("escapes a cell a spreadsheet would run, and quotes what needs it", () => {
    expect(toCsv(chartRows(REPORT, "people")).split("\r\n")[1]).toBe(`"'=cmd|""/c calc""!A1",2,`)
  })

  it("lists each provider's answers, the name escaped", () => {
    expect(toCsv(chartRows(REPORT, "providers")).split("\r\n").slice(0, 2)).toEqual([
      "\uFEFFProvider,Offered,Accepted,Declined,Expired",
      "'+Plumb Co,5,2,1,2",
    ])
  })

  it("names each file after its chart, period and day", () => {
    expect(REPORT_CHARTS.map((c) => chartFilename(REPORT, c))).toEqual([
      "report-daily-30-days-2026-11-26.csv",
      "report-by-kind-30-days-2026-11-26.csv",
      "report-backlog-30-days-2026-11-26.csv",
      "report-people-30-days-2026-11-26.csv",
      "report-providers-30-days-2026-11-26.csv",
    ])
  })
})
