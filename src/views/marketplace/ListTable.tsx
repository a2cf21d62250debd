import { Link } from "wouter"
import type { ListItem, ListSource } from "../../machines/marketplace-types"
import { linkTo } from "../../schema/app-routes"
import { serviceLabel } from "../../schema/marketplace"
import { type BulkRef, SelectAllRows, SelectRow } from "./BulkSelection"
import * as css from "./card-table.css"
import * as claimCss from "./claim.css"
import { formatWhen, rowLabel, URGENCY_LABEL } from "./format"

interface RowProps {
  item: ListItem
  source: ListSource
  decided: boolean
  bulk: BulkRef | null
}

/** A cell that, on a narrow page, is a line of the row's card led by its column's name. */
const Cell = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <td className={css.cell} data-label={label}>
    {children}
  </td>
)

function Row({ item, source, decided, bulk }: RowProps) {
  const href = linkTo.details(source, item.uuid)
  const select = bulk ? (
    <td className={`${css.cell} ${css.check}`}>
      <SelectRow actor={bulk} uuid={item.uuid} title={rowLabel(item)} />
    </td>
  ) : null
  const assigneeCell = (
    <Cell label="Assignee">
      {item.assignee ? item.assignee.full_name : <span className={claimCss.unassigned}>Unassigned</span>}
    </Cell>
  )
  const decidedCell = decided ? (
    <Cell label="Decided">{item.decided_at ? formatWhen(item.decided_at) : ""}</Cell>
  ) : null
  if ("company_name" in item)
    return (
      <tr>
        {select}
        <td className={`${css.cell} ${css.lead}`}>
          <Link href={href}>{item.company_name}</Link>
        </td>
        <Cell label="Contact">{item.contact_name}</Cell>
        <Cell label="Services">{item.services_offered.map(serviceLabel).join(", ")}</Cell>
        <Cell label="Submitted">{formatWhen(item.submitted_at)}</Cell>
        {assigneeCell}
        {decidedCell}
      </tr>
    )
  return (
    <tr>
      {select}
      <td className={`${css.cell} ${css.lead}`}>
        <Link href={href}>{item.title}</Link>
      </td>
      <Cell label="Customer">{item.customer_name}</Cell>
      <Cell label="Area">{item.area}</Cell>
      <Cell label="Service">{serviceLabel(item.service_category)}</Cell>
      <Cell label="Urgency">{URGENCY_LABEL[item.urgency]}</Cell>
      <Cell label="Submitted">{formatWhen(item.submitted_at)}</Cell>
      {assigneeCell}
      {decidedCell}
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
      ? ["Company", "Contact", "Services", "Submitted", "Assignee"]
      : ["Title", "Customer", "Area", "Service", "Urgency", "Submitted", "Assignee"]
  return (
    <table className={css.table} aria-label={caption}>
      <thead>
        <tr>
          {bulk ? (
            <th className={`${css.cell} ${css.check}`} scope="col">
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
