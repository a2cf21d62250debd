import { useSelector } from "@xstate/react"
import { useCallback, useMemo } from "react"
import type { SnapshotFrom } from "xstate"
import { type HealthKind, socketHealth } from "../../machines/live/socket-health"
import type { notificationsMachine } from "../../machines/notifications/notifications.machine"
import type { NotificationsEvent } from "../../machines/notifications/notifications-context"
import { useSystemActor } from "../system/app-context"
import type { RowActions } from "./NotificationRow"

type NotificationsSnapshot = SnapshotFrom<typeof notificationsMachine>

export type ListStatus = "idle" | "loading" | "ready" | "loadingMore" | "failed"
/** The socket's health kinds (socket-health.ts), with since when for offline. */
export type Health = { kind: Exclude<HealthKind, "offline"> } | { kind: "offline"; since: number | null }

const useNotificationsRef = () => useSystemActor("notifications")

export function useNotifications<T>(select: (snapshot: NotificationsSnapshot) => T): T {
  return useSelector(useNotificationsRef(), select)
}

export function useNotificationsSend(): (event: NotificationsEvent) => void {
  const ref = useNotificationsRef()
  return useCallback((event) => ref.send(event), [ref])
}

/** A row's read, unread and archive buttons: commands to the notifications actor, from the bell or the page. */
export function useRowActions(): RowActions {
  const send = useNotificationsSend()
  return useMemo(
    () => ({
      markRead: (id: number) => send({ type: "notifications.markRead", id }),
      markUnread: (id: number) => send({ type: "notifications.markUnread", id }),
      archive: (id: number) => send({ type: "notifications.archive", id }),
      unarchive: (id: number) => send({ type: "notifications.unarchive", id }),
    }),
    [send],
  )
}

export const listStatus = (s: NotificationsSnapshot): ListStatus => {
  for (const status of ["loading", "loadingMore", "failed", "ready"] as const) {
    if (s.matches({ active: { list: status } })) return status
  }
  return "idle"
}

export const detailStatus = (s: NotificationsSnapshot): "none" | "loading" | "shown" | "failed" => {
  for (const status of ["loading", "shown", "failed"] as const) {
    if (s.matches({ active: { detail: status } })) return status
  }
  return "none"
}

/** The socket's health (src/machines/live/socket-health.ts), with since when it is offline. */
export function useSocketHealth(): Health {
  const ref = useSystemActor("socket")
  const kind = useSelector(ref, socketHealth)
  const since = useSelector(ref, (s) => s.context.offlineSince)
  if (kind === "offline") return { kind, since }
  return { kind }
}

/** 'Reconnect now': an attempt at once, as a sign that the network is back would. */
export function useReconnectNow(): () => void {
  const ref = useSystemActor("socket")
  return useCallback(() => ref.send({ type: "socket.wake" }), [ref])
}

/** How many times the connection has come back after a loss (the socket machine counts them). */
export function useReconnections(): number {
  return useSelector(useSystemActor("socket"), (s) => s.context.reconnections)
}
