import { Link } from "wouter"
import type { ListItem, ListSource } from "../../machines/marketplace-types"
import { serviceLabel } from "../../schema/marketplace"
import { type BulkRef, SelectAllRows, SelectRow } from "./BulkSelection"
import { formatWhen, rowLabel, URGENCY_LABEL } from "./format"
import * as css from "./marketplace.css"

export const detailHref = (source: ListSource, uuid: string): string =>
  source === "work"
    ? `/work-request-details/${uuid}`
    : source === "maintenance"
      ? `/maintenance-request-details/${uuid}`
      : `/website-coordinator/company-verification/applications/${uuid}`

interface RowProps {
  item: ListItem
  source: ListSource
  decided: boolean
  bulk: BulkRef | null
}

function Row({ item, source, decided, bulk }: RowProps) {
  const href = detailHref(source, item.uuid)
  const select = bulk ? (
    <td className={`${css.cell} ${css.checkCell}`}>
      <SelectRow actor={bulk} uuid={item.uuid} title={rowLabel(item)} />
    </td>
  ) : null
  if ("company_name" in item)
    return (
      <tr>
        {select}
        <td className={css.cell}>
          <Link href={href}>{item.company_name}</Link>
        </td>
        <td className={css.cell}>{item.contact_name}</td>
        <td className={css.cell}>{item.services_offered.map(serviceLabel).join(", ")}</td>
        <td className={css.cell}>{formatWhen(item.submitted_at)}</td>
        {decided ? <td className={css.cell}>{item.decided_at ? formatWhen(item.decided_at) : ""}</td> : null}
      </tr>
    )
  return (
    <tr>
      {select}
      <td className={css.cell}>
        <Link href={href}>{item.title}</Link>
      </td>
      <td className={css.cell}>{item.customer_name}</td>
      <td className={css.cell}>{item.area}</td>
      <td className={css.cell}>{serviceLabel(item.service_category)}</td>
      <td className={css.cell}>{URGENCY_LABEL[item.urgency]}</td>
      <td className={css.cell}>{formatWhen(item.submitted_at)}</td>
      {decided ? <td className={css.cell}>{item.decided_at ? formatWhen(item.decided_at) : ""}</td> : null}
    </tr>
  )
}

export function ListTable({
  items,
  source,
  caption,
  decided,
  bulk,
}: {
  items: ReadonlyArray<ListItem>
  source: ListSource
  caption: string
  decided: boolean
  /** Given on a pending list for a user who may decide: a checkbox column for bulk decisions. */
  bulk: BulkRef | null
}) {
  const heads =
    source === "application"
      ? ["Company", "Contact", "Services", "Submitted"]
      : ["Title", "Customer", "Area", "Service", "Urgency", "Submitted"]
  return (
    <table className={css.table} aria-label={caption}>
      <thead>
        <tr>
          {bulk ? (
            <th className={`${css.cell} ${css.checkCell}`} scope="col">
              <SelectAllRows actor={bulk} />
            </th>
          ) : null}
          {[...heads, ...(decided ? ["Decided"] : [])].map((h) => (
            <th key={h} className={css.cell} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <Row key={item.uuid} item={item} source={source} decided={decided} bulk={bulk} />
        ))}
      </tbody>
    </table>
  )
}
