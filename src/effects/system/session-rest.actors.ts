import { Context, type Effect, Layer, ManagedRuntime } from "effect"
import { sessionRestMachine } from "../../machines/system/session-rest.machine"
import { Config } from "./config"
import { provideDocuments } from "../documents/documents.actors"
import { DocumentsApi } from "../documents/documents-api"
import { provideMarketplace } from "../marketplace/marketplace.actors"
import { MarketplaceApi } from "../marketplace/marketplace-api"
import { NotificationSocket, WebSocketFactory } from "../live/notification-socket"
import { provideNotifications } from "../notifications/notifications.actors"
import { NotificationsApi } from "../notifications/notifications-api"
import { provideProfile } from "../profile/profile.actors"
import { providePush } from "../push/push.actors"
import { PushApi } from "../push/push-api"
import { PushMessaging } from "../push/push-messaging"
import { type AppRuntime, type AppServices, runForActor } from "./runtime"
import { provideSearch } from "../shell/palette.actors"

/**
 * The rest of the session (session-rest.machine.ts) with every invoked actor a thin adapter over a service
 * call. Loaded once the signed-in page has shown, its services are built on the root runtime's own Api (one
 * token source, one refresh queue), not on a copy.
 */
export async function provideSessionRest(root: AppRuntime) {
  const base = await root.context()
  const config = Context.get(base, Config)
  const runtime = ManagedRuntime.make(
    Layer.mergeAll(
      MarketplaceApi.layer,
      DocumentsApi.layer,
      NotificationsApi.layer,
      PushApi.layer,
      PushMessaging.layer(import.meta.env),
      NotificationSocket.layer.pipe(Layer.provide(WebSocketFactory.browser)),
    ).pipe(Layer.provideMerge(Layer.succeedContext(base))),
  )
  type Services =
    | MarketplaceApi
    | DocumentsApi
    | NotificationsApi
    | PushApi
    | PushMessaging
    | NotificationSocket
    | AppServices
  const run = <A, E>(effect: Effect.Effect<A, E, Services>) => runForActor(runtime, effect)
  return sessionRestMachine.provide({
    actors: {
      ...provideProfile(run),
      ...provideMarketplace(run),
      ...provideDocuments(run),
      ...provideNotifications(run, config),
      ...providePush(run),
      ...provideSearch(run),
    },
  })
}
