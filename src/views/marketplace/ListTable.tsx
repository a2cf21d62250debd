import { useDeferredValue, useEffect, useRef } from "react"
import { Link } from "wouter"
import { FIRST_SCREEN_ROWS } from "../../constants"
import type { ChangeMark as Mark } from "../../machines/live/remote-change"
import type { ListItem, ListSource } from "../../machines/marketplace/marketplace-types"
import { serviceLabel } from "../../schema/marketplace/marketplace"
import type { QueueTimes } from "../../schema/marketplace/queue-wait"
import { linkTo } from "../../schema/system/app-routes"
import { type BulkRef, SelectAllRows, SelectRow } from "./BulkSelection"
import { ChangeMark } from "./ChangeMark"
import * as css from "./card-table.css"
import * as claimCss from "./claim.css"
import { formatWhen } from "./format"
import { sortableFields } from "./list-sort"
import { NoProviderBadge } from "./NoProviderWarning"
import { ProvidersChip } from "./OfferChip"
import { Waited } from "./QueueWait"
import { rowLabel } from "./record-format"
import { SortableHeader } from "./SortableHeader"
import * as triage from "./triage.css"
import { UrgencyBadge } from "./UrgencyBadge"

/** The server's `ordering` field behind a column, for the columns a list may be sorted by. */
const SORT_FIELD: Readonly<Record<string, string>> = {
  Title: "title",
  Company: "company_name",
  Urgency: "urgency",
  Submitted: "submitted_at",
  Decided: "decided_at",
}

export interface ListSort {
  readonly ordering: string
  readonly onSort: (ordering: string) => void
}

interface RowProps {
  item: ListItem
  source: ListSource
  decided: boolean
  bulk: BulkRef | null
  mark?: Mark | undefined
  queue: QueueTimes | null
  /** An approved list: where each request stands with its providers. */
  providers: boolean
  /** The keyboard's row cursor is on this row. */
  current: boolean
}

/** A cell that, on a narrow page, is a line of the row's card led by its column's name. */
const Cell = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <td className={css.cell} data-label={label}>
    {children}
  </td>
)

function Row({ item, source, decided, bulk, mark, queue, providers, current }: RowProps) {
  const href = linkTo.details(source, item.uuid)
  const ref = useRef<HTMLTableRowElement>(null)
  // The cursor's row stays in sight as j/k move it down a long page.
  useEffect(() => {
    if (current) ref.current?.scrollIntoView?.({ block: "nearest" })
  }, [current])
  const rowProps = {
    ref,
    className: current ? triage.cursorRow : undefined,
    "data-cursor": current ? "" : undefined,
  }
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
  const waitedCell = queue ? (
    <Cell label="Waited">
      <Waited submittedAt={item.submitted_at} queue={queue} />
    </Cell>
  ) : null
  if ("company_name" in item)
    return (
      <tr {...rowProps}>
        {select}
        <td className={`${css.cell} ${css.lead}`}>
          <Link href={href}>{item.company_name}</Link>
          {item.waiting_since && item.status === "pending" ? (
            <span className={css.waitingNote}>Waiting for the applicant</span>
          ) : null}
          <ChangeMark mark={mark} />
        </td>
        <Cell label="Contact">{item.contact_name}</Cell>
        <Cell label="Services">{item.services_offered.map(serviceLabel).join(", ")}</Cell>
        <Cell label="Submitted">{formatWhen(item.submitted_at)}</Cell>
        {assigneeCell}
        {waitedCell}
        {decidedCell}
      </tr>
    )
  return (
    <tr {...rowProps}>
      {select}
      <td className={`${css.cell} ${css.lead}`}>
        <Link href={href}>{item.title}</Link> <NoProviderBadge item={item} />
        {/* On an approved list, where the request stands with its providers, under its title. */}
        {providers && item.providers_state ? (
          <span className={css.leadNote}>
            <ProvidersChip state={item.providers_state} short />
            {item.assigned_provider ? ` ${item.assigned_provider.company_name}` : ""}
          </span>
        ) : null}
        <ChangeMark mark={mark} />
      </td>
      <Cell label="Customer">{item.customer_name}</Cell>
      <Cell label="Area">{item.area}</Cell>
      <Cell label="Service">{serviceLabel(item.service_category)}</Cell>
      <Cell label="Urgency">
        <UrgencyBadge urgency={item.urgency} />
      </Cell>
      <Cell label="Submitted">{formatWhen(item.submitted_at)}</Cell>
      {assigneeCell}
      {waitedCell}
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
  marks,
  queue = null,
  providers = false,
  sort,
  cursor = null,
}: {
  items: ReadonlyArray<ListItem>
  source: ListSource
  caption: string
  decided: boolean
  /** Given on a pending list for a user who may decide: a checkbox column for bulk decisions. */
  bulk: BulkRef | null
  /** Rows someone else changed while the list was shown (docs/behaviour.md#live-records). */
  marks?: Readonly<Record<string, Mark>>
  /** Given on a pending list: a Waited column measured against the server's time and thresholds. */
  queue?: QueueTimes | null
  /** An approved request list: a Providers column (awaiting, offered, assigned and to whom). */
  providers?: boolean
  /** Given: the sortable columns' headers sort the list. */
  sort?: ListSort
  /** The index of the row the keyboard points at. */
  cursor?: number | null
}) {
  const sortable = sortableFields(source)
  // The rows of a first screen are built first, the rest of the page in a render of its own that React runs
  // after that paint: a whole page of rows was most of a list's first render (and its layout) on a slow phone.
  const built = useDeferredValue(items.length, Math.min(items.length, FIRST_SCREEN_ROWS))
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
          {[...heads, ...(queue ? ["Waited"] : []), ...(decided ? ["Decided"] : [])].map((h) => {
            const field = SORT_FIELD[h]
            return sort && field !== undefined && sortable.includes(field) ? (
              <SortableHeader key={h} label={h} field={field} ordering={sort.ordering} onSort={sort.onSort} />
            ) : (
              <th key={h} className={css.cell} scope="col">
                {h}
              </th>
            )
          })}
        </tr>
      </thead>
      <tbody>
        {items.slice(0, Math.max(built, FIRST_SCREEN_ROWS)).map((item, i) => (
          <Row
            key={item.uuid}
            item={item}
            source={source}
            decided={decided}
            bulk={bulk}
            mark={marks?.[item.uuid]}
            queue={queue}
            providers={providers && source !== "application"}
            current={cursor === i}
          />
        ))}
      </tbody>
    </table>
  )
}
