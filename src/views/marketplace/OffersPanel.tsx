import type { ReactNode } from "react"
import type { Offer } from "../../schema/marketplace/marketplace"
import * as table from "./card-table.css"
import { formatWhen } from "./format"
import * as css from "./marketplace.css"
import { OfferChip } from "./OfferChip"

// Each provider the request was offered to, and what became of the offer (docs/behaviour.md#offers). The
// record reloads on every change heard live, so the states here follow the providers' answers as they come.

const Cell = ({ label, children }: { label: string; children: ReactNode }) => (
  <td className={table.cell} data-label={label}>
    {children}
  </td>
)

/** When an offer was answered, or until when it can be. */
const timing = (offer: Offer): string =>
  offer.state === "offered"
    ? `Answer by ${formatWhen(offer.expires_at)}`
    : offer.state === "expired"
      ? `Expired ${formatWhen(offer.expires_at)}`
      : offer.answered_at
        ? formatWhen(offer.answered_at)
        : ""

export function OffersPanel({
  offers,
  action,
}: {
  offers: ReadonlyArray<Offer>
  /** What a member of staff may do with an offer (withdraw an open one), when anything. */
  action?: (offer: Offer) => ReactNode
}) {
  return (
    <section className={css.section} aria-labelledby="offers-title">
      <h2 id="offers-title">Offers</h2>
      {offers.length === 0 ? (
        <p>No provider has been offered this job yet.</p>
      ) : (
        <table className={table.table} aria-labelledby="offers-title">
          <thead>
            <tr>
              {["Provider", "State", "When", "Reason", ...(action ? ["Actions"] : [])].map((h) => (
                <th key={h} className={table.cell} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {offers.map((offer) => (
              <tr key={offer.uuid}>
                <td className={`${table.cell} ${table.lead}`}>{offer.provider.company_name}</td>
                <Cell label="State">
                  <OfferChip state={offer.state} />
                </Cell>
                <Cell label="When">{timing(offer)}</Cell>
                <Cell label="Reason">{offer.reason ?? ""}</Cell>
                {action ? <Cell label="Actions">{action(offer)}</Cell> : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
