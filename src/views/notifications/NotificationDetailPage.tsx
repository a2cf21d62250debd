import { useEffect } from "react"
import { Link, useLocation, useParams } from "wouter"
import { relativeTime } from "../../machines/system/relative-time"
import { safeAppPath } from "../../machines/system/safe-app-path"
import { linkTo } from "../../schema/system/app-routes"
import * as ui from "../shared/ui.css"
import { detailStatus, useNotifications, useNotificationsSend } from "./notification-hooks"

/** /notifications/:id: one notification, read on open; its action only when it is a path of this app. */
export default function NotificationDetailPage() {
  const { id } = useParams<{ id: string }>()
  const numericId = /^[1-9][0-9]{0,9}$/.test(id ?? "") ? Number(id) : null
  const send = useNotificationsSend()
  const status = useNotifications(detailStatus)
  const item = useNotifications((s) => s.context.detail)
  const now = useNotifications((s) => s.context.now)
  const [, navigate] = useLocation()

  useEffect(() => {
    if (numericId !== null) send({ type: "notifications.open", id: numericId })
  }, [numericId, send])

  const shown = item && item.id === numericId ? item : null
  const action = shown ? safeAppPath(shown.action_url) : null

  return (
    <section className={ui.page} aria-labelledby="page-title">
      <p>
        <Link href={linkTo.notifications}>← All notifications</Link>
      </p>
      {numericId === null || status === "failed" ? (
        <>
          <h1 id="page-title" className={ui.pageTitle}>
            Notification
          </h1>
          <p role="alert">This notification could not be found.</p>
        </>
      ) : !shown ? (
        <p>Loading...</p>
      ) : (
        <article className={ui.card}>
          <h1 id="page-title" className={ui.pageTitle}>
            {shown.title}
          </h1>
          <p>{shown.message}</p>
          <p className={ui.muted}>
            {shown.sender_name ? `${shown.sender_name} · ` : ""}
            <time dateTime={shown.created_at}>{now > 0 ? relativeTime(shown.created_at, now) : ""}</time>
            {" · "}
            <span>{shown.is_read ? "Read" : "Unread"}</span>
          </p>
          {action ? (
            <button type="button" className={ui.button.primary} onClick={() => navigate(action)}>
              Open
            </button>
          ) : shown.action_url ? (
            <p className={ui.muted}>
              Link: <code>{shown.action_url}</code>
            </p>
          ) : null}
        </article>
      )}
    </section>
  )
}
