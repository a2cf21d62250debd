import { type Effect, Layer, ManagedRuntime } from "effect"
import { sessionMachine } from "../machines/session.machine"
import { sidebarMachine } from "../machines/sidebar.machine"
import type { AuthApi } from "./auth-api"
import { provideMarketplace } from "./marketplace-actors"
import { MarketplaceApi } from "./marketplace-api"
import { provideNotifications } from "./notifications-actors"
import { NotificationsApi } from "./notifications-api"
import { provideProfile } from "./profile-actors"
import { providePush } from "./push-actors"
import { PushApi } from "./push-api"
import { PushMessaging } from "./push-messaging"
import { type AppRuntime, runForActor } from "./runtime"
import { watchViewport } from "./ui-actors"

/**
 * The session machine with every invoked actor a thin adapter over a service call. Loaded after sign-in, its
 * services are built on the root runtime's own Api (one token source, one refresh queue), not on a copy.
 */
export async function provideSession(root: AppRuntime, socketBaseUrl: string) {
  const base = await root.context()
  const runtime = ManagedRuntime.make(
    Layer.mergeAll(
      MarketplaceApi.layer,
      NotificationsApi.layer,
      PushApi.layer,
      PushMessaging.layer(import.meta.env),
    ).pipe(Layer.provideMerge(Layer.succeedContext(base))),
  )
  return sessionMachine.provide({
    actors: {
      sidebar: sidebarMachine.provide({ actors: { watchViewport } }),
      ...provideProfile(<A, E>(effect: Effect.Effect<A, E, AuthApi>) => runForActor(runtime, effect)),
      ...provideMarketplace(<A, E>(effect: Effect.Effect<A, E, MarketplaceApi>) =>
        runForActor(runtime, effect),
      ),
      ...provideNotifications(
        <A, E>(effect: Effect.Effect<A, E, NotificationsApi>) => runForActor(runtime, effect),
        socketBaseUrl,
      ),
      ...providePush(<A, E>(effect: Effect.Effect<A, E, PushMessaging | PushApi | NotificationsApi>) =>
        runForActor(runtime, effect),
      ),
    },
  })
}
