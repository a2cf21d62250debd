import { useSelector } from "@xstate/react"
import type { ReportPeriod } from "../../machines/reports/reports.machine"
import { usePageActor } from "../marketplace/page-logic"
import * as ui from "../shared/ui.css"
import { ChartCsv } from "./ChartCsv"
import { BarChart, FlowChart } from "./charts"
import { ProviderAcceptance } from "./ProviderAcceptance"
import { hours, KIND_LABEL, share } from "./report-words"
import * as css from "./reports.css"
import { ScrollingTable } from "./ScrollingTable"

// /reports, for staff: how the team is doing, each chart with a table of the same figures beside it. The
// figures load again whenever a record is decided, here or by someone else.

export default function ReportsPage() {
  const actor = usePageActor("reports", { period: "30" })
  const report = useSelector(actor, (s) => s?.context.report ?? null)
  const error = useSelector(actor, (s) => s?.context.error ?? null)
  const period = useSelector(actor, (s) => s?.context.period ?? "30")
  return (
    <section className={ui.page} aria-labelledby="page-title">
      <h1 id="page-title" className={ui.pageTitle}>
        Reports
      </h1>
      <label className={ui.field}>
        <span>Period</span>
        <select
          className={ui.input}
          value={period}
          onChange={(e) => actor?.send({ type: "reports.period", period: e.target.value as ReportPeriod })}
        >
          <option value="30">Last 30 days</option>
          <option value="90">Last 90 days</option>
        </select>
      </label>
      {error && report === null ? (
        <div role="alert">
          <p className={ui.errorText}>{error}</p>
          <button
            type="button"
            className={ui.button.primary}
            onClick={() => actor?.send({ type: "reports.retry" })}
          >
            Retry
          </button>
        </div>
      ) : null}
      {report === null ? null : (
        <>
          <h2>Received and decided per day</h2>
          <FlowChart
            points={report.daily}
            title={`Records received and decided per day, last ${report.days} days`}
          />
          <details>
            <summary>The figures per day</summary>
            <table className={css.table} aria-label="Received and decided per day">
              <thead>
                <tr>
                  <th scope="col">Day (UTC)</th>
                  <th scope="col">Received</th>
                  <th scope="col">Decided</th>
                </tr>
              </thead>
              <tbody>
                {report.daily.map((d) => (
                  <tr key={d.day}>
                    <td>{d.day}</td>
                    <td>{d.received}</td>
                    <td>{d.decided}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
          <ChartCsv report={report} chart="daily" label="received and decided per day" />

          <h2>Time to decision</h2>
          <p>
            Within target: decided within {hours(report.target_seconds)} of submission (before it became
            overdue).
          </p>
          <BarChart
            title="Median time to decision per kind, in hours"
            bars={report.by_kind.map((k) => ({
              label: KIND_LABEL[k.kind],
              value: k.median_seconds ?? 0,
              text: hours(k.median_seconds),
            }))}
          />
          <ScrollingTable label="Time to decision">
            <table className={css.wideTable} aria-label="Time to decision per kind">
              <thead>
                <tr>
                  <th scope="col">Kind</th>
                  <th scope="col">Decided</th>
                  <th scope="col">Median</th>
                  <th scope="col">90th percentile</th>
                  <th scope="col">Within target</th>
                </tr>
              </thead>
              <tbody>
                {report.by_kind.map((k) => (
                  <tr key={k.kind}>
                    <td>{KIND_LABEL[k.kind]}</td>
                    <td>{k.decided}</td>
                    <td>{hours(k.median_seconds)}</td>
                    <td>{hours(k.p90_seconds)}</td>
                    <td>{share(k.within_target, k.decided)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollingTable>
          <ChartCsv report={report} chart="by_kind" label="time to decision" />

          <h2>Backlog by age</h2>
          <BarChart
            title="Pending records by how long they have waited"
            bars={report.backlog.map((b) => ({ label: b.age, value: b.pending, text: String(b.pending) }))}
          />
          <table className={css.table} aria-label="Backlog by age">
            <thead>
              <tr>
                <th scope="col">Waiting</th>
                <th scope="col">Pending</th>
              </tr>
            </thead>
            <tbody>
              {report.backlog.map((b) => (
                <tr key={b.age}>
                  <td>{b.age}</td>
                  <td>{b.pending}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <ChartCsv report={report} chart="backlog" label="backlog by age" />

          <h2>Decisions per person</h2>
          <BarChart
            title="Decisions per person"
            bars={report.people.map((p) => ({
              label: p.name,
              value: p.decisions,
              text: String(p.decisions),
            }))}
          />
          <table className={css.table} aria-label="Decisions per person">
            <thead>
              <tr>
                <th scope="col">Person</th>
                <th scope="col">Decisions</th>
                <th scope="col">Median time to decision</th>
              </tr>
            </thead>
            <tbody>
              {report.people.map((p) => (
                <tr key={p.name}>
                  <td>{p.name}</td>
                  <td>{p.decisions}</td>
                  <td>{hours(p.median_seconds)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <ChartCsv report={report} chart="people" label="decisions per person" />

          <ProviderAcceptance report={report} />
        </>
      )}
    </section>
  )
}
