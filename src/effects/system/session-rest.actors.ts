import { Context, type Effect, Layer, ManagedRuntime } from "effect"
import { sessionRestMachine } from "../../machines/system/session-rest.machine"
import { provideSecondFactor } from "../accounts/second-factor.actors"
import { provideSecondFactorPolicy } from "../accounts/second-factor-policy.actors"
import { provideStaff } from "../accounts/staff.actors"
import { provideUserSettings } from "../accounts/user-settings.actors"
import { provideDayPlan } from "../dashboard/day-plan.actors"
import { provideDocuments } from "../documents/documents.actors"
import { DocumentsApi } from "../documents/documents-api"
import { provideExports } from "../exports/export.actors"
import { NotificationSocket, WebSocketFactory } from "../live/notification-socket"
import { provideSocket } from "../live/socket.actors"
import { browserSocketTabs } from "../live/socket-tabs-browser"
import { provideBulkReview } from "../marketplace/bulk-review.actors"
import { provideChangeCourse } from "../marketplace/change-course.actors"
import { provideClaim } from "../marketplace/claim.actors"
import { MarketplaceApi } from "../marketplace/marketplace-api"
import { provideNotes } from "../marketplace/notes.actors"
import { providePagedList } from "../marketplace/paged-list.actors"
import { provideReview } from "../marketplace/review.actors"
import { provideSavedViews } from "../marketplace/saved-views.actors"
import { provideSelectProviders } from "../marketplace/select-providers.actors"
import { provideSharedViews } from "../marketplace/shared-views.actors"
import { provideInboxPage } from "../notifications/inbox-page.actors"
import { provideNotifications } from "../notifications/notifications.actors"
import { NotificationsApi } from "../notifications/notifications-api"
import { providePreferences } from "../preferences/preferences.actors"
import { provideProfile } from "../profile/profile.actors"
import { providePush } from "../push/push.actors"
import { PushApi } from "../push/push-api"
import { PushMessaging } from "../push/push-messaging"
import { provideReports } from "../reports/reports.actors"
import { providePalette } from "../shell/palette.actors"
import { Config } from "./config"
import { type AppRuntime, type AppServices, runForActor } from "./runtime"

/**
 * The rest of the session (session-rest.machine.ts) with every invoked actor a thin adapter over a service
 * call. Loaded once the signed-in page has shown, its services are built on the root runtime's own Api (one
 * token source, one refresh queue), not on a copy.
 */
export async function provideSessionRest(root: AppRuntime) {
  const base = await root.context()
  const config = Context.get(base, Config)
  // One socket for the session's tabs (docs/behaviour.md#one-socket-per-session).
  const tabs = browserSocketTabs()
  const runtime = ManagedRuntime.make(
    Layer.mergeAll(
      MarketplaceApi.layer,
      DocumentsApi.layer,
      NotificationsApi.layer,
      PushApi.layer,
      PushMessaging.layer(import.meta.env),
      NotificationSocket.sharedBy(tabs).pipe(Layer.provide(WebSocketFactory.browser)),
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
      profile: provideProfile(run),
      notifications: provideNotifications(run),
      socket: provideSocket(run, config, Math.random, tabs),
      push: providePush(run),
      preferences: providePreferences(run),
      pagedList: providePagedList(run),
      review: provideReview(run),
      selectProviders: provideSelectProviders(run),
      bulkReview: provideBulkReview(run),
      inbox: provideInboxPage(run),
      claim: provideClaim(run),
      palette: providePalette(run),
      export: provideExports(run),
      reports: provideReports(run),
      documents: provideDocuments(run),
      staff: provideStaff(run),
      userSettings: provideUserSettings(run),
      secondFactor: provideSecondFactor(run),
      secondFactorPolicy: provideSecondFactorPolicy(run),
      savedViews: provideSavedViews(run),
      dayPlan: provideDayPlan(run),
      changeCourse: provideChangeCourse(run),
      notes: provideNotes(run),
      sharedViews: provideSharedViews(run),
    },
  })
}
