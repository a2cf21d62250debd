import type { Effect } from "effect"
import { appMachine } from "../machines/app.machine"
import { sidebarMachine } from "../machines/sidebar.machine"
import { uiPreferencesMachine } from "../machines/ui-preferences.machine"
import { provideAuth } from "./auth-actors"
import type { AuthApi } from "./auth-api"
import { provideMarketplace } from "./marketplace-actors"
import type { MarketplaceApi } from "./marketplace-api"
import { provideNotifications } from "./notifications-actors"
import type { NotificationsApi } from "./notifications-api"
import { type AppRuntime, runForActor } from "./runtime"
import { uiPreferenceActions, watchColorScheme, watchViewport } from "./ui-actors"

/** The root machine with every invoked actor a thin adapter over a service call. */
export function provideApp(runtime: AppRuntime, socketBaseUrl: string) {
  const session = provideAuth(<A, E>(effect: Effect.Effect<A, E, AuthApi>) => runForActor(runtime, effect))
  const marketplace = provideMarketplace(<A, E>(effect: Effect.Effect<A, E, MarketplaceApi>) =>
    runForActor(runtime, effect),
  )
  const notifications = provideNotifications(
    <A, E>(effect: Effect.Effect<A, E, NotificationsApi>) => runForActor(runtime, effect),
    socketBaseUrl,
  )
  return appMachine.provide({
    actors: {
      ...session,
      ...marketplace,
      ...notifications,
      sidebar: sidebarMachine.provide({ actors: { watchViewport } }),
      uiPreferences: uiPreferencesMachine.provide({
        actors: { watchColorScheme },
        actions: uiPreferenceActions,
      }),
    },
  })
}
