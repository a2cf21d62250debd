import { type ComponentType, useCallback, useEffect, useMemo, useState } from "react"
import { matchRoute, type Parser, Redirect, Route, Switch, useLocation, useRouter } from "wouter"
import type { RefOf } from "../../machines/system/registry"
import { categoriesFor, hasAnyRole } from "../../schema/auth/permissions"
import { ROUTES } from "../../schema/system/app-routes"
import DashboardPage from "../dashboard/DashboardPage"
import { Bell } from "../notifications/Bell"
import { lazyPage } from "../shared/lazy-page"
import { RetrySignal } from "../shared/retry-signal"
import { AppLayout } from "../shell/AppLayout"
import { loadLiveParts, useLiveParts, useRestState } from "../shell/live-parts-hooks"
import { isPaletteKey } from "../shell/palette-key"
import { useAuth, useSystemActor } from "./app-context"
import {
  useAheadWhenReady,
  usePageShown,
  usePreloadAheadWhenIdle,
  usePreloadOnIntent,
  usePreloadWhenIdle,
} from "./preload-hooks"
import { afterRest, forRoles, notInRelease } from "./route-wrappers"
import { SessionGate } from "./SessionGate"

/** Choosing providers changes a request, so only the categories that may do it reach the page. */
const CHOOSER_ROLES = categoriesFor("record.selectProviders")
/** The staff page is for those who manage accounts. */
const STAFF_MANAGER_ROLES = categoriesFor("staff.manage")

const forChoosers = forRoles(CHOOSER_ROLES)
const forStaffManagers = forRoles(STAFF_MANAGER_ROLES)

// The marketplace pages share three chunks (lists, details, provider choice); each route picks its export.
type ListModule = typeof import("../marketplace/list-pages")
type DetailModule = typeof import("../marketplace/DetailPage")
type SelectModule = typeof import("../marketplace/SelectProvidersPage")
const listPage = (pick: (m: ListModule) => ComponentType) =>
  lazyPage<object>(async () => ({ default: pick(await import("../marketplace/list-pages")) }))
const detailPage = (pick: (m: DetailModule) => ComponentType) =>
  lazyPage<object>(async () => ({ default: pick(await import("../marketplace/DetailPage")) }))
const selectPage = (pick: (m: SelectModule) => ComponentType) =>
  lazyPage<object>(async () => ({ default: pick(await import("../marketplace/SelectProvidersPage")) }))

/** Every page behind sign-in, each its own chunk loaded on demand but the dashboard (docs/behaviour.md#routes). */
const protectedPages: ReadonlyArray<readonly [string, ComponentType]> = [
  // In this chunk: every signed-in start that has no page of its own shows the dashboard, and as a chunk of its
  // own it was one more file (and its imports' list) before the page most often opened first could show.
  [ROUTES.dashboard, DashboardPage],
  [ROUTES.notifications, afterRest(lazyPage(() => import("../notifications/NotificationsPage")))],
  [ROUTES.notification, afterRest(lazyPage(() => import("../notifications/NotificationDetailPage")))],
  [ROUTES.lists.work.pending, afterRest(listPage((m) => m.WorkPendingPage))],
  [ROUTES.lists.work.approved, afterRest(listPage((m) => m.WorkApprovedPage))],
  [ROUTES.lists.work.rejected, afterRest(listPage((m) => m.WorkRejectedPage))],
  [ROUTES.lists.maintenance.pending, afterRest(listPage((m) => m.MaintenancePendingPage))],
  [ROUTES.lists.maintenance.approved, afterRest(listPage((m) => m.MaintenanceApprovedPage))],
  [ROUTES.lists.maintenance.rejected, afterRest(listPage((m) => m.MaintenanceRejectedPage))],
  [ROUTES.awaitingProviders.work, afterRest(listPage((m) => m.WorkAwaitingPage))],
  [ROUTES.awaitingProviders.maintenance, afterRest(listPage((m) => m.MaintenanceAwaitingPage))],
  [ROUTES.lists.application.pending, afterRest(listPage((m) => m.ApplicationsPendingPage))],
  [ROUTES.lists.application.accepted, afterRest(listPage((m) => m.ApplicationsAcceptedPage))],
  [ROUTES.lists.application.rejected, afterRest(listPage((m) => m.ApplicationsRejectedPage))],
  [ROUTES.details.application, afterRest(detailPage((m) => m.ApplicationDetailPage))],
  [ROUTES.details.work, afterRest(detailPage((m) => m.WorkDetailPage))],
  [ROUTES.details.maintenance, afterRest(detailPage((m) => m.MaintenanceDetailPage))],
  [ROUTES.selectProviders.work, afterRest(forChoosers(selectPage((m) => m.WorkSelectProvidersPage)))],
  [
    ROUTES.selectProviders.maintenance,
    afterRest(forChoosers(selectPage((m) => m.MaintenanceSelectProvidersPage))),
  ],
  [ROUTES.profile, afterRest(lazyPage(() => import("../profile/ProfilePage")))],
  [ROUTES.theme, lazyPage(() => import("../shell/ThemePage"))],
  [ROUTES.help, lazyPage(() => import("../shell/HelpPage"))],
  [ROUTES.reports, afterRest(forChoosers(lazyPage(() => import("../reports/ReportsPage"))))],
  [ROUTES.settings, afterRest(lazyPage(() => import("../preferences/SettingsPage")))],
  [ROUTES.billing, notInRelease("Billing")],
  [ROUTES.receipts, notInRelease("Receipts")],
  [ROUTES.snacks, notInRelease("Snacks")],
  [ROUTES.userSettings, afterRest(lazyPage(() => import("../accounts/UserSettingsPage")))],
  [ROUTES.staff, afterRest(forStaffManagers(lazyPage(() => import("../accounts/StaffPage"))))],
]

/** The patterns the signed-in router matches, besides the redirects. */
export const signedInRoutePatterns: ReadonlyArray<string> = protectedPages.map(([path]) => path)

/** Starts fetching a page's code (each only once; a failure is left to that page's own render). */
const preload = (Page: ComponentType): void => {
  if ("preload" in Page && typeof Page.preload === "function") void Page.preload()
}

/**
 * Starts fetching the chunk of the page at this path (a fixed path only), so that a reload of a signed-in page
 * has it by the time the session is restored instead of asking for it then.
 */
export function preloadPageFor(pathname: string): void {
  for (const [path, Page] of protectedPages) if (path === pathname) preload(Page)
}

/** The page a link leads to, detail pages' patterns included: fetched as the pointer or the focus reaches it. */
function preloadPageAt(parser: Parser, pathname: string): void {
  const found = protectedPages.find(([path]) => matchRoute(parser, path, pathname)[0])
  if (found) preload(found[1])
}

/** Pages only some categories may open: their code is not fetched ahead for the others. */
const GATED: ReadonlyMap<string, ReadonlyArray<string>> = new Map([
  [ROUTES.reports, CHOOSER_ROLES],
  [ROUTES.staff, STAFF_MANAGER_ROLES],
  ...Object.values(ROUTES.selectProviders).map((path) => [path, CHOOSER_ROLES] as const),
])
const LIST_PATHS: ReadonlySet<string> = new Set(Object.values(ROUTES.lists).flatMap((s) => Object.values(s)))
const DETAIL_PATHS: ReadonlySet<string> = new Set(Object.values(ROUTES.details))
/** The pages opened most, first: the lists, then the records they lead to, then the inbox. */
const likelihood = (path: string): number =>
  LIST_PATHS.has(path) ? 0 : DETAIL_PATHS.has(path) ? 1 : path.startsWith(ROUTES.notifications) ? 2 : 3

/** The fetches of the code of every page this user can open, the most likely first, so that no first click
 * waits for it. */
function likelyPagePreloads(user: Parameters<typeof hasAnyRole>[0]): ReadonlyArray<() => void> {
  const open = protectedPages.filter(([path]) => {
    const roles = GATED.get(path)
    return roles === undefined || hasAnyRole(user, roles)
  })
  return open
    .sort(([a], [b]) => likelihood(a) - likelihood(b))
    .map(
      ([, Page]) =>
        () =>
          preload(Page),
    )
}

/** The signed-in app: the layout and every page behind sign-in. */
export default function SignedInRoutes() {
  return (
    <SessionGate>
      <SignedInLayout />
    </SessionGate>
  )
}

/**
 * The layout paints with the sidebar, the summary and the page; then it tells the session it has shown, which
 * starts the rest of the session, and the top bar's live parts join it
 * (docs/architecture.md#start-up-order-the-page-shows-first-the-rest-follows).
 */
// The list opened ahead (../marketplace/warm-list.ts) and the list schemas it needs come with the lists' code,
// after the first paint: imported here statically they put about 18 KB in what every page loads before it shows.
let warmModule: Promise<typeof import("../marketplace/warm-list")> | null = null
const warmLists = () => {
  warmModule ??= import("../marketplace/warm-list")
  return warmModule
}

/** Opens ahead the list a path leads to, if it is one. */
async function warmAt(session: RefOf<"session">, pathname: string, search: string): Promise<void> {
  const w = await warmLists()
  const list = w.listAt(pathname, search)
  if (list) w.warmList(session, list)
}

const fetchLiveParts = () => void loadLiveParts()

/**
 * The first queue, the dashboard's first card and the sidebar's first list, is opened ahead as soon as the
 * rest of the session runs (it started in idle time after the first paint), its page's code with it: on a busy
 * slow phone the next idle time, which fetches every page's code, may come after the first click. Its own
 * component: it follows the address, which the layout (and all it holds) then need not.
 */
function FirstQueueAhead({ session, running }: { session: RefOf<"session">; running: boolean }) {
  const [location] = useLocation()
  useAheadWhenReady(
    running && location !== ROUTES.lists.work.pending,
    useCallback(() => {
      preloadPageFor(ROUTES.lists.work.pending)
      void warmAt(session, ROUTES.lists.work.pending, "")
    }, [session]),
  )
  return null
}

function SignedInLayout() {
  // By value: the user's record changes as the profile arrives, and a new callback would put the fetch ahead
  // back behind the next idle time, often after the first click.
  const category = useAuth((ctx) => ctx.user?.user_category ?? null)
  const userId = useAuth((ctx) => ctx.user?.id ?? null)
  const { parser } = useRouter()
  const session = useSystemActor("session")
  const running = useRestState() === "running"
  usePreloadAheadWhenIdle(
    useCallback(() => likelyPagePreloads(category === null ? null : { user_category: category }), [category]),
  )
  // The list a pointer or the focus reaches is opened ahead too (not the one shown: it is open already).
  usePreloadOnIntent(
    useCallback(
      (pathname: string, search: string) => {
        preloadPageAt(parser, pathname)
        if (running && pathname !== window.location.pathname) void warmAt(session, pathname, search)
      },
      [parser, running, session],
    ),
  )
  // A record's page and the inbox ask for their data as their link is clicked, not after the click's render
  // (./open-on-click.ts). That code reads the inbox's address, whose schema the first paint does not need: it
  // comes once the rest of the session runs, and a click before that opens nothing ahead (its page opens its
  // own machine, as it would without it).
  useEffect(() => {
    if (!running) return
    let stop: (() => void) | null = null
    let gone = false
    import("./open-on-click").then(
      (m) => {
        if (!gone) stop = m.openOnClicks(session, parser)
      },
      () => undefined,
    )
    return () => {
      gone = true
      stop?.()
    }
  }, [running, session, parser])
  // A list opened ahead is this user's: it goes with the layout (a sign-out) or when the user changes.
  // Nothing to close (and no code to fetch for it) before a list was opened ahead.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again, closing it, when the user changes
  useEffect(() => () => void warmModule?.then((w) => w.dropWarmList(session)), [session, userId])
  const shown = usePageShown()
  useEffect(() => {
    if (shown) session.send({ type: "session.shown" })
  }, [session, shown])
  // Fetched when the rest of the session's code is (once the page's data is here), so that both arrive
  // together.
  usePreloadWhenIdle(fetchLiveParts)
  const live = useLiveParts()
  const [reconnections, setReconnections] = useState(0)
  const [paletteAsked, setPaletteAsked] = useState(false)
  const paletteAnswered = useCallback(() => setPaletteAsked(false), [])
  // Ctrl/Cmd+K pressed before the palette is here is kept, and opens it once it is (CommandPalette.tsx).
  useEffect(() => {
    if (live) return
    const onKey = (e: KeyboardEvent) => {
      if (!isPaletteKey(e)) return
      e.preventDefault()
      setPaletteAsked((asked) => !asked)
    }
    window.addEventListener("keydown", onKey)
    return () => window.removeEventListener("keydown", onKey)
  }, [live])
  // The page shown follows the address (its Switch) and a reconnection, not the layout's own state: the rest of
  // the session starting, the live parts arriving or the palette being asked for draw the layout, not the page.
  const pages = useMemo(
    () => (
      <RetrySignal.Provider value={reconnections}>
        <Switch>
          {protectedPages.map(([path, Page]) => (
            <Route key={path} path={path} component={Page} />
          ))}
          <Route path={ROUTES.companyVerification}>
            <Redirect to={ROUTES.lists.application.pending} replace />
          </Route>
          <Route>
            <Redirect to={ROUTES.dashboard} replace />
          </Route>
        </Switch>
      </RetrySignal.Provider>
    ),
    [reconnections],
  )
  return (
    <AppLayout
      palette={live ? <live.CommandPalette asked={paletteAsked} onAnswered={paletteAnswered} /> : null}
      connection={live ? <live.ConnectionIndicator /> : null}
      bell={<Bell live={live} />}
    >
      <FirstQueueAhead session={session} running={running} />
      {live ? <live.ReconnectionCounter onChange={setReconnections} /> : null}
      {pages}
    </AppLayout>
  )
}
