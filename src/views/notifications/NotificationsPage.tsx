import { useSelector } from "@xstate/react"
import { useEffect } from "react"
import { Link, useLocation, useSearch } from "wouter"
import { inboxExportView } from "../../machines/exports/inbox-export-view"
import { hasFilters, inboxSearchString, parseInboxSearch } from "../../machines/notifications/inbox-query"
import type { PageRefOf } from "../../machines/system/registry"
import { ExportButton } from "../exports/ExportButton"
import { usePageActor } from "../marketplace/page-logic"
import { LoadingScreen } from "../shared/Spinner"
import * as ui from "../shared/ui.css"
import { takeOpenedAhead } from "../system/opened-ahead"
import * as css from "./bell.css"
import { InboxFilters } from "./InboxFilters"
import { NotificationList } from "./NotificationList"
import { useNotifications, useNotificationsSend, useRowActions } from "./notification-hooks"
import * as pageCss from "./notifications-page.css"

/**
 * /notifications: the inbox or the archive, with read-state, type and priority filters kept in the URL (they
 * survive reload and Back), paging and mark all read. Its list is its own: the bell never sees these filters.
 */
export default function NotificationsPage() {
  const search = useSearch()
  const list = usePageActor("inbox", { query: parseInboxSearch(search) }, (session, input) =>
    takeOpenedAhead(session, "inbox", input),
  )
  if (!list) return <LoadingScreen />
  return <InboxView list={list} />
}

function InboxView({ list: ref }: { list: PageRefOf<"inbox"> }) {
  const search = useSearch()
  const [location, navigate] = useLocation()
  const send = useNotificationsSend()
  const actions = useRowActions()
  const unread = useNotifications((s) => s.context.unread)
  const now = useNotifications((s) => s.context.now)
  const query = useSelector(ref, (s) => s.context.query)
  const status = useSelector(ref, (s) => (s.value === "loadingMore" ? "loadingMore" : s.value))
  const items = useSelector(ref, (s) => s.context.items)
  const hasMore = useSelector(ref, (s) => s.context.hasMore)
  const moreFailed = useSelector(ref, (s) => s.context.moreFailed)
  const archive = query.view === "archived"
  const filtered = hasFilters(query.filters)

  useEffect(() => {
    ref.send({ type: "inbox.sync", query: parseInboxSearch(search) })
  }, [ref, search])
  // The machine's place as it is now, not as this render saw it: a link that changed the URL has just been
  // synced above, and writing the rendered (older) place back would undo it, and then the sync would redo it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again whenever the machine's place changes
  useEffect(() => {
    const wanted = inboxSearchString(ref.getSnapshot().context.query)
    if (wanted !== search) navigate(wanted ? `${location}?${wanted}` : location, { replace: true })
  }, [ref, query, search, location, navigate])

  const viewHref = (view: "inbox" | "archived") => {
    const wanted = inboxSearchString({ ...query, view })
    return wanted ? `/notifications?${wanted}` : "/notifications"
  }
  const clear = (
    <button
      type="button"
      className={ui.button.secondary}
      onClick={() => ref.send({ type: "inbox.clearFilters" })}
    >
      Clear filters
    </button>
  )

  return (
    <section className={ui.page} aria-labelledby="page-title">
      <h1 id="page-title" className={ui.pageTitle}>
        Notifications
      </h1>
      <nav className={pageCss.views} aria-label="Notification views">
        <Link href={viewHref("inbox")} className={pageCss.view} aria-current={archive ? undefined : "page"}>
          Inbox
        </Link>
        <Link
          href={viewHref("archived")}
          className={pageCss.view}
          aria-current={archive ? "page" : undefined}
        >
          Archived
        </Link>
      </nav>
      <div className={css.filters}>
        <InboxFilters
          filters={query.filters}
          onChange={(filters) => ref.send({ type: "inbox.filter", filters })}
        />
        {/* An empty filtered list offers it where it says so; one button of that name at a time. */}
        {filtered && items.length > 0 ? clear : null}
        <button
          type="button"
          className={ui.button.secondary}
          disabled={unread === 0}
          onClick={() => send({ type: "notifications.markAllRead" })}
        >
          Mark all as read
        </button>
        <ExportButton view={inboxExportView(query)} />
      </div>
      <div className={ui.card}>
        <NotificationList
          status={status}
          items={items}
          now={now}
          hasMore={hasMore}
          moreFailed={moreFailed}
          actions={actions}
          archived={archive}
          empty={
            filtered ? (
              <>
                <p>
                  <strong>No notifications match these filters.</strong>
                </p>
                {clear}
              </>
            ) : archive ? (
              <>
                <p>
                  <strong>No archived notifications</strong>
                </p>
                <p className={ui.muted}>Archived notifications are kept here.</p>
              </>
            ) : (
              <>
                <p>
                  <strong>No notifications</strong>
                </p>
                <p className={ui.muted}>You're all caught up!</p>
              </>
            )
          }
          onRetry={() => ref.send({ type: "inbox.retry" })}
          onLoadMore={() => ref.send({ type: "inbox.loadMore" })}
        />
      </div>
    </section>
  )
}
