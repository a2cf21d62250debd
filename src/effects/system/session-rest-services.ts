import { type Context, Layer, ManagedRuntime } from "effect"
import { DocumentsApi } from "../documents/documents-api"
import { NotificationSocket, WebSocketFactory } from "../live/notification-socket"
import type { SocketTabs } from "../live/socket-tabs"
import { MarketplaceApi } from "../marketplace/marketplace-api"
import { NotificationsApi } from "../notifications/notifications-api"
import { PushApi } from "../push/push-api"
import { PushMessaging } from "../push/push-messaging"
import type { AppServices } from "./runtime"

// The signed-in services of the rest of the session, with the records of their calls (Effect Schema), in a
// chunk of their own: session.actors.ts loads it a task before the rest's machines and adapters
// (session-rest.actors.ts), since evaluated together the two made one long task on a slow phone.

export type RestServices =
  | MarketplaceApi
  | DocumentsApi
  | NotificationsApi
  | PushApi
  | PushMessaging
  | NotificationSocket
  | AppServices

/** The services on the root runtime's own context (one token source, one refresh queue), not on a copy. */
export function restRuntime(base: Context.Context<AppServices>, tabs: SocketTabs) {
  return ManagedRuntime.make(
    Layer.mergeAll(
      MarketplaceApi.layer,
      DocumentsApi.layer,
      NotificationsApi.layer,
      PushApi.layer,
      PushMessaging.layer(import.meta.env),
      NotificationSocket.sharedBy(tabs).pipe(Layer.provide(WebSocketFactory.browser)),
    ).pipe(Layer.provideMerge(Layer.succeedContext(base))),
  )
}
