import type { ReactNode } from "react"
import { LOAD_FAILED } from "../../machines/notifications/notifications.machine"
import type { Notification } from "../../schema/notifications/notifications"
import * as ui from "../shared/ui.css"
import * as css from "./bell.css"
import type { RowActions } from "./NotificationRow"
import { NotificationRows } from "./NotificationRows"
import type { ListStatus } from "./notification-hooks"

export interface NotificationListProps {
  readonly status: ListStatus
  readonly items: ReadonlyArray<Notification>
  readonly now: number
  readonly hasMore: boolean
  readonly moreFailed: boolean
  /** What an empty list says: the bell and the page each know why theirs is empty. */
  readonly empty: ReactNode
  readonly actions: RowActions
  readonly archived?: boolean
  readonly onRetry: () => void
  readonly onLoadMore: () => void
  readonly onOpen?: (() => void) | undefined
}

/** Loading, failure with Retry, the empty state, the items and 'Load More': the bell's list and the page's. */
export function NotificationList(props: NotificationListProps) {
  const { status, items } = props
  if (status === "loading" || status === "idle") return <p className={css.centered}>Loading...</p>
  if (status === "failed")
    return (
      <div className={css.centered} role="alert">
        <p>{LOAD_FAILED}</p>
        <button type="button" className={ui.button.secondary} onClick={props.onRetry}>
          Retry
        </button>
      </div>
    )
  if (items.length === 0) return <div className={css.centered}>{props.empty}</div>
  return (
    <>
      <NotificationRows
        items={items}
        now={props.now}
        actions={props.actions}
        archived={props.archived ?? false}
        onOpen={props.onOpen}
      />
      {props.moreFailed ? <p className={css.centered}>{LOAD_FAILED}</p> : null}
      {props.hasMore ? (
        <div className={css.centered}>
          <button
            type="button"
            className={ui.button.secondary}
            // Not disabled while loading: a disabled button drops focus, and focus leaving closes the panel.
            aria-busy={status === "loadingMore"}
            onClick={props.onLoadMore}
          >
            {status === "loadingMore" ? "Loading..." : "Load More"}
          </button>
        </div>
      ) : null}
    </>
  )
}
