import { type ActorRefFrom, fromCallback } from "xstate"
import type { authMachine } from "./auth.machine"
import type { notificationsMachine } from "./notifications.machine"
import type { pushMachine } from "./push.machine"
import type { socketMachine } from "./socket.machine"
import { SYSTEM_IDS } from "./system-ids"

type AuthRef = ActorRefFrom<typeof authMachine>
type SocketRef = ActorRefFrom<typeof socketMachine>
type NotificationsRef = ActorRefFrom<typeof notificationsMachine>
type PushRef = ActorRefFrom<typeof pushMachine>

/**
 * Follows the session for the socket and the notifications: sign-in starts both, every new access token
 * reconnects the socket with it, sign-out stops both (a planned close). Browser push starts and is
 * unregistered alongside (SPEC §7). The auth machine stays unaware.
 */
export const sessionWatch = fromCallback(({ system }) => {
  const auth = system.get(SYSTEM_IDS.auth) as AuthRef | undefined
  if (!auth) return () => {}
  let token: string | null = null
  let signedIn = false
  const follow = () => {
    const { accessToken, isAuthenticated } = auth.getSnapshot().context
    const socket = system.get(SYSTEM_IDS.socket) as SocketRef | undefined
    const notifications = system.get(SYSTEM_IDS.notifications) as NotificationsRef | undefined
    const push = system.get(SYSTEM_IDS.push) as PushRef | undefined
    if (isAuthenticated && accessToken) {
      if (!signedIn) {
        notifications?.send({ type: "notifications.start" })
        push?.send({ type: "push.start" })
      }
      if (accessToken !== token) socket?.send({ type: "socket.start", token: accessToken })
      signedIn = true
      token = accessToken
    } else if (signedIn && !isAuthenticated) {
      signedIn = false
      token = null
      socket?.send({ type: "socket.stop" })
      notifications?.send({ type: "notifications.stop" })
      push?.send({ type: "push.stop" })
    }
  }
  follow()
  const sub = auth.subscribe(follow)
  return () => sub.unsubscribe()
})
