import type { ReportSummary } from "../../schema/reports/reports"
import { ChartCsv } from "./ChartCsv"
import { BarChart } from "./charts"
import { share, shortLabel } from "./report-words"
import * as css from "./reports.css"
import { ScrollingTable } from "./ScrollingTable"

// Providers' acceptance rate (docs/behaviour.md#reports): accepted of answered, per provider, over the offers
// made in the period; the table beside the chart has every count, the CSV the same.

export function ProviderAcceptance({ report }: { report: ReportSummary }) {
  const rows = report.provider_acceptance
  // A rate needs answers: providers who answered nothing yet are in the table only.
  const answering = rows.filter((p) => p.accepted + p.declined > 0)
  return (
    <>
      <h2>Providers' acceptance rate</h2>
      {rows.length === 0 ? (
        <p>No offers were made to providers in these {report.days} days.</p>
      ) : (
        <>
          {answering.length === 0 ? (
            <p>No provider has answered an offer in these days yet: there is no rate to draw.</p>
          ) : (
            <BarChart
              title="Offers accepted of those answered, per provider"
              bars={answering.map((p) => ({
                label: shortLabel(p.provider),
                value: (100 * p.accepted) / (p.accepted + p.declined),
                text: share(p.accepted, p.accepted + p.declined),
              }))}
            />
          )}
          <ScrollingTable label="Providers' answers">
            <table className={css.wideTable} aria-label="Providers' acceptance rate">
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
          </ScrollingTable>
          <ChartCsv report={report} chart="providers" label="providers' acceptance rate" />
        </>
      )}
    </>
  )
}
