import { useSelector } from "@xstate/react"
import { useCallback } from "react"
import type { ActorRefFrom, SnapshotFrom } from "xstate"
import type { notificationsMachine } from "../../machines/notifications.machine"
import type { NotificationsEvent } from "../../machines/notifications-context"
import type { socketMachine } from "../../machines/socket.machine"
import { SYSTEM_IDS } from "../../machines/system-ids"
import { useAppActor } from "../app-context"

type NotificationsRef = ActorRefFrom<typeof notificationsMachine>
type NotificationsSnapshot = SnapshotFrom<typeof notificationsMachine>
type SocketRef = ActorRefFrom<typeof socketMachine>

export type ListStatus = "idle" | "loading" | "ready" | "loadingMore" | "failed"
export type Health =
  | { kind: "none" }
  | { kind: "live" }
  | { kind: "reconnecting" }
  | { kind: "offline"; since: number | null }

function useNotificationsRef(): NotificationsRef {
  return useAppActor().system.get(SYSTEM_IDS.notifications) as NotificationsRef
}

export function useNotifications<T>(select: (snapshot: NotificationsSnapshot) => T): T {
  return useSelector(useNotificationsRef(), select)
}

export function useNotificationsSend(): (event: NotificationsEvent) => void {
  const ref = useNotificationsRef()
  return useCallback((event) => ref.send(event), [ref])
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

/** The socket's health as the panel tells it: live, reconnecting, or offline since a time. */
export function useSocketHealth(): Health {
  const ref = useAppActor().system.get(SYSTEM_IDS.socket) as SocketRef
  const kind = useSelector(ref, (s) => {
    if (s.matches({ connection: "open" })) return "live"
    if (s.matches("offline")) return "offline"
    if (s.matches("idle")) return "none"
    return "reconnecting"
  })
  const since = useSelector(ref, (s) => s.context.offlineSince)
  if (kind === "offline") return { kind, since }
  return { kind }
}
