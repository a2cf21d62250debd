import { ROUTES } from "../../schema/system/app-routes.ts"

// Which source module draws each signed-in route, as data the build can read: vite.config.ts computes from it
// the chunks a reload of that path needs and writes them into index.html for the early script to preload
// (docs/behaviour.md#early-refresh). src/views/system/signed-in-routes.tsx imports the same modules, each by a
// literal `import()` the bundler can see; test/unit/signed-in-preload.test.ts holds the two route lists equal,
// and the build fails when a module named here is not a chunk of its own.
// Its imports name their files in full: vite.config.ts loads this module as it is.

const LISTS = "src/views/marketplace/list-pages.tsx"
const DETAILS = "src/views/marketplace/DetailPage.tsx"
const CHOOSERS = "src/views/marketplace/SelectProvidersPage.tsx"
// The dashboard is drawn by the signed-in routes' own chunk (signed-in-routes.tsx imports it statically).
const DASHBOARD = null

/**
 * Every signed-in route pattern with the module of its page, or null for a page drawn by the signed-in routes'
 * own chunk (the placeholders). Redirects name where they lead.
 */
export const PAGE_MODULES: ReadonlyArray<readonly [pattern: string, module: string | null]> = [
  [ROUTES.home, DASHBOARD],
  [ROUTES.dashboard, DASHBOARD],
  [ROUTES.notifications, "src/views/notifications/NotificationsPage.tsx"],
  [ROUTES.notification, "src/views/notifications/NotificationDetailPage.tsx"],
  ...Object.values(ROUTES.lists).flatMap((statuses) =>
    Object.values(statuses).map((path): readonly [string, string] => [path, LISTS]),
  ),
  [ROUTES.companyVerification, LISTS],
  ...Object.values(ROUTES.awaitingProviders).map((path): readonly [string, string] => [path, LISTS]),
  ...Object.values(ROUTES.details).map((path): readonly [string, string] => [path, DETAILS]),
  ...Object.values(ROUTES.selectProviders).map((path): readonly [string, string] => [path, CHOOSERS]),
  [ROUTES.profile, "src/views/profile/ProfilePage.tsx"],
  [ROUTES.theme, "src/views/shell/ThemePage.tsx"],
  [ROUTES.help, "src/views/shell/HelpPage.tsx"],
  [ROUTES.settings, "src/views/preferences/SettingsPage.tsx"],
  [ROUTES.reports, "src/views/reports/ReportsPage.tsx"],
  [ROUTES.billing, null],
  [ROUTES.receipts, null],
  [ROUTES.snacks, null],
  [ROUTES.userSettings, "src/views/accounts/UserSettingsPage.tsx"],
  [ROUTES.staff, "src/views/accounts/StaffPage.tsx"],
]

/** Any other signed-in path redirects to the dashboard, so a reload of it needs what the dashboard needs. */
export const FALLBACK_PAGE_MODULE = DASHBOARD

/** The sign-in form, a chunk of its own (src/views/system/routes.tsx): preloaded when there is no session. */
export const SIGN_IN_PAGE_MODULE = "src/views/auth/LoginPage.tsx"
