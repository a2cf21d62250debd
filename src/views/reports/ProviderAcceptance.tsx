import type { ReportSummary } from "../../schema/reports/reports"
import { ChartCsv } from "./ChartCsv"
import { BarChart } from "./charts"
import { share } from "./report-words"
import * as css from "./reports.css"

// Providers' acceptance rate (docs/behaviour.md#reports): accepted of answered, per provider, over the offers
// made in the period; the table beside the chart has every count, the CSV the same.

export function ProviderAcceptance({ report }: { report: ReportSummary }) {
  const rows = report.provider_acceptance
  return (
    <>
      <h2>Providers' acceptance rate</h2>
      {rows.length === 0 ? (
        <p>No offers were made to providers in these {report.days} days.</p>
      ) : (
        <>
          <BarChart
            title="Offers accepted of those answered, per provider"
            bars={rows.map((p) => {
              const answered = p.accepted + p.declined
              return {
                label: p.provider,
                value: answered === 0 ? 0 : (100 * p.accepted) / answered,
                text: share(p.accepted, answered),
              }
            })}
          />
          <table className={css.table} aria-label="Providers' acceptance rate">
            <thead>
              <tr>
                <th scope="col">Provider</th>
                <th scope="col">Offered</th>
                <th scope="col">Accepted</th>
                <th scope="col">Declined</th>
                <th scope="col">Expired</th>
                <th scope="col">Acceptance rate</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((p) => (
                <tr key={p.provider}>
                  <td>{p.provider}</td>
                  <td>{p.offered}</td>
                  <td>{p.accepted}</td>
                  <td>{p.declined}</td>
                  <td>{p.expired}</td>
                  <td>{share(p.accepted, p.accepted + p.declined)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <ChartCsv report={report} chart="providers" label="providers' acceptance rate" />
        </>
      )}
    </>
  )
}
