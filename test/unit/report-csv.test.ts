import fc from "fast-check"
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

/** RFC 4180's grammar read back: rows of fields, a quoted field's `""` one quote. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ""
  let quoted = false
  let i = 0
  while (i < text.length) {
    const c = text[i]
    const next = text[i + 1]
    i += 1
    if (quoted && c === '"' && next === '"') {
      field += '"'
      i += 1
    } else if (c === '"') {
      quoted = !quoted
    } else if (!quoted && c === ",") {
      row.push(field)
      field = ""
    } else if (!quoted && c === "\r" && next === "\n") {
      rows.push([...row, field])
      row = []
      field = ""
      i += 1
    } else {
      field += c
    }
  }
  return rows
}

describe("a chart's CSV with names holding commas and quotes", () => {
  const named = (people: string[], providers: string[]): ReportSummary => ({
    ...REPORT,
    people: people.map((name, i) => ({ name, decisions: i, median_seconds: 60 })),
    provider_acceptance: providers.map((provider) => ({
      provider,
      offered: 3,
      accepted: 1,
      declined: 1,
      expired: 1,
    })),
  })

  it("quotes a name with a comma or a quote (RFC 4180), so each row keeps its columns", () => {
    const report = named(["Smith, Jones & Co"], ['The "North" Plumbers'])
    expect(toCsv(chartRows(report, "people")).split("\r\n")[1]).toBe(`"Smith, Jones & Co",0,60`)
    expect(toCsv(chartRows(report, "providers")).split("\r\n")[1]).toBe(`"The ""North"" Plumbers",3,1,1,1`)
  })

  it("reads back as the table's cells, whatever the names hold", () => {
    const name = fc.string({
      unit: fc.constantFrom("a", " ", ",", '"', "\r", "\n", "=", "+", "é"),
      maxLength: 12,
    })
    fc.assert(
      fc.property(fc.array(name, { maxLength: 5 }), fc.array(name, { maxLength: 5 }), (people, providers) => {
        const report = named(people, providers)
        for (const chart of ["people", "providers"] as const) {
          const rows = chartRows(report, chart)
          const read = parseCsv(toCsv(rows).slice(1))
          const expected = rows.map((r) =>
            r.map((v) => {
              const text = v === null ? "" : String(v)
              return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
            }),
          )
          expect(read).toEqual(expected)
        }
      }),
    )
  })
})
