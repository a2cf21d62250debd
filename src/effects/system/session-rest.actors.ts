import { Context, type Effect } from "effect"
import { sessionRestMachine } from "../../machines/system/session-rest.machine"
import { provideSecondFactor } from "../accounts/second-factor.actors"
import { provideSecondFactorPolicy } from "../accounts/second-factor-policy.actors"
import { provideStaff } from "../accounts/staff.actors"
import { provideUserSettings } from "../accounts/user-settings.actors"
import { provideDayPlan } from "../dashboard/day-plan.actors"
import { provideDocuments } from "../documents/documents.actors"
import { provideExports } from "../exports/export.actors"
import { provideSocket } from "../live/socket.actors"
import { browserSocketTabs } from "../live/socket-tabs-browser"
import { provideBulkReview } from "../marketplace/bulk-review.actors"
import { provideChangeCourse } from "../marketplace/change-course.actors"
import { provideClaim } from "../marketplace/claim.actors"
import { provideNotes } from "../marketplace/notes.actors"
import { providePagedList } from "../marketplace/paged-list.actors"
import { provideReview } from "../marketplace/review.actors"
import { provideSavedViews } from "../marketplace/saved-views.actors"
import { provideSelectProviders } from "../marketplace/select-providers.actors"
import { provideSharedViews } from "../marketplace/shared-views.actors"
import { provideInboxPage } from "../notifications/inbox-page.actors"
import { provideNotifications } from "../notifications/notifications.actors"
import { providePreferences } from "../preferences/preferences.actors"
import { provideProfile } from "../profile/profile.actors"
import { providePush } from "../push/push.actors"
import { provideReports } from "../reports/reports.actors"
import { providePalette } from "../shell/palette.actors"
import { Config } from "./config"
import { nextTask } from "./idle"
import { type AppRuntime, runForActor } from "./runtime"
import { type RestServices, restRuntime } from "./session-rest-services"

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
  const runtime = restRuntime(base, tabs)
  const run = <A, E>(effect: Effect.Effect<A, E, RestServices>) => runForActor(runtime, effect)
  // Each adapter builds its machine anew (XState's provide): together a long task on a slow phone, so they are
  // built in three, the rest's own actors first.
  const own = {
    profile: provideProfile(run),
    notifications: provideNotifications(run),
    socket: provideSocket(run, config, Math.random, tabs),
    push: providePush(run),
    preferences: providePreferences(run),
    sharedViews: provideSharedViews(run),
  }
  await nextTask()
  const lists = {
    pagedList: providePagedList(run),
    review: provideReview(run),
    selectProviders: provideSelectProviders(run),
    bulkReview: provideBulkReview(run),
    inbox: provideInboxPage(run),
    claim: provideClaim(run),
    palette: providePalette(run),
    export: provideExports(run),
    notes: provideNotes(run),
  }
  await nextTask()
  const others = {
    reports: provideReports(run),
    documents: provideDocuments(run),
    staff: provideStaff(run),
    userSettings: provideUserSettings(run),
    secondFactor: provideSecondFactor(run),
    secondFactorPolicy: provideSecondFactorPolicy(run),
    savedViews: provideSavedViews(run),
    dayPlan: provideDayPlan(run),
    changeCourse: provideChangeCourse(run),
  }
  return sessionRestMachine.provide({ actors: { ...own, ...lists, ...others } })
}
