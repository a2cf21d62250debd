import { useSelector } from "@xstate/react"
import { type FormEvent, useEffect, useRef, useState } from "react"
import { useLocation, useSearch } from "wouter"
import { listExportView } from "../../machines/exports/list-export-view"
import { claimHolders } from "../../machines/marketplace/claims"
import { activeFilterCount, parseFilters } from "../../machines/marketplace/list-filters"
import { listSearchString, parseListSearch } from "../../machines/marketplace/list-url"
import {
  AWAITING_PROVIDERS,
  type ListQuery,
  type ListSource,
} from "../../machines/marketplace/marketplace-types"
import { pageCount } from "../../machines/marketplace/paged-list.machine"
import { savedViewListOf } from "../../machines/marketplace/saved-views.machine"
import type { PageRefOf } from "../../machines/system/registry"
import { may } from "../../schema/auth/permissions"
import { MARKETPLACE_LIMITS } from "../../schema/marketplace/marketplace"
import { linkTo } from "../../schema/system/app-routes"
import { ExportButton } from "../exports/ExportButton"
import { ChoiceSelect } from "../shared/ChoiceSelect"
import { FailureCard } from "../shared/FailureCard"
import { LoadingScreen } from "../shared/Spinner"
import * as ui from "../shared/ui.css"
import { useAuth } from "../system/app-context"
import { AssigneeFilterSelect } from "./AssigneeFilterSelect"
import { BulkBar, BulkReport } from "./BulkReview"
import { FilterPanel } from "./FilterPanel"
import { ListTable } from "./ListTable"
import { orderingsFor } from "./list-orderings"
import * as phone from "./list-phone.css"
import * as css from "./marketplace.css"
import { usePageActor } from "./page-logic"
import { rowLabel } from "./record-format"
import { SavedViews } from "./SavedViews"
import { ShortcutsDialog } from "./ShortcutsDialog"
import { useTriageKeys } from "./use-triage-keys"
import { WaitingFilterSelect } from "./WaitingFilterSelect"
import { takeWarmList } from "./warm-list"

export interface ListPageProps {
  readonly title: string
  readonly source: ListSource
  readonly status: string
}

/** Any paged list: the URL and the list machine mirror each other, so the place survives reload and Back. */
export function ListPage(props: ListPageProps) {
  const search = useSearch()
  const list = usePageActor(
    "pagedList",
    { source: props.source, query: parseListSearch(search, props.status, props.source) },
    takeWarmList,
  )
  const bulk = usePageActor("bulkReview", { source: props.source })
  if (!list || !bulk) return <LoadingScreen />
  return <ListPageView {...props} list={list} bulk={bulk} />
}

interface ListPageViewProps extends ListPageProps {
  readonly list: PageRefOf<"pagedList">
  readonly bulk: PageRefOf<"bulkReview">
}

function ListPageView({ title, source, status, list: ref, bulk }: ListPageViewProps) {
  const search = useSearch()
  const [location, navigate] = useLocation()
  const state = useSelector(ref, (s) => String(s.value))
  const query = useSelector(ref, (s) => s.context.query)
  const data = useSelector(ref, (s) => s.context.data)
  const error = useSelector(ref, (s) => s.context.error)
  const marks = useSelector(ref, (s) => s.context.marks)
  const ticked = useSelector(bulk, (s) => s.context.selected)
  const cursor = useSelector(ref, (s) => s.context.cursor)
  const [draft, setDraft] = useState(query.search)
  const [helpOpen, setHelpOpen] = useState(false)
  // Only pending records can be decided, and only by a category that may write (hidden, not disabled).
  const mayDecide = useAuth((ctx) => may(ctx.user, "record.decide")) && status === "pending"
  const userId = useAuth((ctx) => ctx.user?.id ?? null)
  const mayShare = useAuth((ctx) => may(ctx.user, "record.decide"))
  const savedList = savedViewListOf(source, status)
  // While a search waits for the keys to stop, the rows (or the empty card) it had stay on screen.
  const settled =
    state === "typing" && data !== null ? (data.results.length === 0 ? "empty" : "ready") : state
  const shown =
    settled === "ready" ||
    state === "refreshing" ||
    ((state === "loading" || state === "typing") && data !== null)
      ? data?.results
      : undefined

  useEffect(() => {
    ref.send({ type: "list.sync", query: parseListSearch(search, status, source) })
  }, [ref, search, status, source])
  // What the address held that the list does not know, said once: the address is then rewritten without it.
  const [ignored] = useState(() => parseFilters(new URLSearchParams(search), source).ignored)
  // Only a new query of the machine is written to the address: when the address moved first (a saved view's
  // link, Back), the query shown in this render is the old one, and writing it would undo the move.
  const written = useRef<ListQuery | null>(null)
  useEffect(() => {
    if (written.current === query) return
    written.current = query
    const wanted = listSearchString(query)
    if (wanted !== search) navigate(wanted ? `${location}?${wanted}` : location, { replace: true })
  }, [query, search, location, navigate])
  // A search reached by Back or a shared link shows in the box; the box's own text, applied, stays as typed.
  useEffect(() => setDraft((typed) => (typed.trim() === query.search ? typed : query.search)), [query.search])
  // The bulk machine ticks only what is on screen: it is told whenever the rows change.
  useEffect(() => {
    bulk.send({
      type: "bulk.rows",
      // On a pending list, a row shown with another status was decided elsewhere (docs/behaviour.md#live-records).
      rows: (shown ?? []).map((r) => ({
        uuid: r.uuid,
        title: rowLabel(r),
        ...(status === "pending" && r.status !== "pending" ? { decidedAs: r.status } : {}),
      })),
    })
  }, [bulk, shown, status])
  // Ticked rows stay on the page when someone else decides them (docs/behaviour.md#live-records).
  useEffect(() => {
    ref.send({ type: "list.keep", uuids: ticked })
  }, [ref, ticked])

  useTriageKeys((command) => {
    const row = cursor === null ? undefined : shown?.[cursor]
    if (command === "down" || command === "up")
      ref.send({ type: "list.cursor", by: command === "down" ? 1 : -1 })
    else if (command === "help") setHelpOpen(true)
    else if (command === "open" && row) navigate(linkTo.details(source, row.uuid))
    else if (command === "select" && row && mayDecide) bulk.send({ type: "bulk.toggle", uuid: row.uuid })
    else if (command === "approve" && mayDecide) bulk.send({ type: "bulk.approve", uuid: row?.uuid })
    else if (command === "reject" && mayDecide) bulk.send({ type: "bulk.reject", uuid: row?.uuid })
  })

  const onSearch = (e: FormEvent) => {
    e.preventDefault()
    ref.send({ type: "list.search", search: draft })
  }
  const holders = claimHolders(shown ?? [], userId)
  const pages = data ? pageCount(data.count, query.pageSize ?? MARKETPLACE_LIMITS.defaultPageSize) : 1

  return (
    <section className={ui.page} aria-labelledby="page-title">
      <h1 id="page-title" className={`${ui.pageTitle} ${phone.title}`}>
        {title}
      </h1>
      <div className={`${css.toolbar} ${phone.toolbar}`}>
        <search>
          <form onSubmit={onSearch} style={{ display: "flex", gap: 8, alignItems: "end" }}>
            <label className={ui.field} style={{ marginBottom: 0 }}>
              <span>Search</span>
              <input
                className={ui.input}
                type="search"
                // The sidebar has a search box too: this one says which list it searches.
                aria-label={`Search ${title.toLowerCase()}`}
                value={draft}
                onChange={(e) => {
                  setDraft(e.target.value)
                  ref.send({ type: "list.type", search: e.target.value })
                }}
              />
            </label>
            <button type="submit" className={ui.button.secondary}>
              Search
            </button>
          </form>
        </search>
        <AssigneeFilterSelect
          value={query.assignee ?? "all"}
          onChange={(assignee) => ref.send({ type: "list.assignee", assignee })}
        />
        {source === "application" && status === "pending" ? (
          <WaitingFilterSelect
            value={query.waiting ?? "all"}
            onChange={(waiting) => ref.send({ type: "list.waiting", waiting })}
          />
        ) : null}
        <ChoiceSelect
          label="Order"
          options={orderingsFor(source, query.ordering)}
          value={query.ordering}
          onChange={(ordering) => ref.send({ type: "list.order", ordering })}
        />
        <ExportButton view={listExportView(source, query)} />
        <button
          type="button"
          className={`${ui.button.secondary} ${phone.keyboardOnly}`}
          onClick={() => setHelpOpen(true)}
        >
          Keyboard shortcuts
        </button>
      </div>
      {savedList ? (
        <SavedViews
          list={savedList}
          path={location}
          current={listSearchString({ ...query, page: 1 })}
          mayShare={mayShare}
        />
      ) : null}
      <FilterPanel
        source={source}
        filters={query.filters}
        facets={data?.facets}
        ignored={ignored}
        onChange={(filters) => ref.send({ type: "list.filter", filters })}
      />
      <ShortcutsDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
      {mayDecide ? <BulkReport actor={bulk} source={source} /> : null}
      {state === "loading" && data === null ? <LoadingScreen /> : null}
      {state === "failed" ? (
        <FailureCard error={error} onRetry={() => ref.send({ type: "list.retry" })} />
      ) : null}
      {settled === "empty" ? (
        <div className={ui.card}>
          <p>
            {query.search
              ? `Nothing matches “${query.search}”${query.page > 1 ? ` on page ${query.page}` : ""}.`
              : activeFilterCount(query.filters) > 0
                ? "Nothing matches these filters."
                : query.page > 1
                  ? `Nothing on page ${query.page}.`
                  : "Nothing here yet."}
          </p>
          {/* A page past the end (its records decided, or an old link) is empty while page 1 may not be. */}
          {query.page > 1 ? (
            <button
              type="button"
              className={ui.button.secondary}
              onClick={() => ref.send({ type: "list.page", page: 1 })}
            >
              Go to page 1
            </button>
          ) : null}
        </div>
      ) : null}
      {shown && data ? (
        <div aria-busy={state === "loading" || state === "typing"}>
          {mayDecide ? <BulkBar actor={bulk} source={source} holders={holders} /> : null}
          <ListTable
            items={shown}
            source={source}
            caption={title}
            decided={status !== "pending"}
            bulk={mayDecide ? bulk : null}
            marks={marks}
            queue={status === "pending" ? (data.queue ?? null) : null}
            providers={status === "approved" || status === AWAITING_PROVIDERS}
            sort={{
              ordering: query.ordering,
              onSort: (ordering) => ref.send({ type: "list.order", ordering }),
            }}
            cursor={cursor}
          />
          <nav className={css.pager} aria-label="Pages">
            <button
              type="button"
              className={ui.button.secondary}
              disabled={query.page <= 1}
              onClick={() => ref.send({ type: "list.page", page: query.page - 1 })}
            >
              Previous
            </button>
            <span>
              Page {query.page} of {pages} · {data.count} in all
            </span>
            {state === "loading" ? <span role="status">Loading...</span> : null}
            <button
              type="button"
              className={ui.button.secondary}
              disabled={data.next === null}
              onClick={() => ref.send({ type: "list.page", page: query.page + 1 })}
            >
              Next
            </button>
          </nav>
        </div>
      ) : null}
    </section>
  )
}
