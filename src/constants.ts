// Business constants and limits, named once so that no number is repeated (docs/behaviour.md#constants).

export const TOAST = {
  /** Push toast duration. */
  pushDurationMs: 6000,
  /** Default toast: 4 s, top-right, at most 20. */
  defaultDurationMs: 4000,
  position: "top-right",
  maxVisible: 20,
} as const

export const NOTIFICATIONS = {
  defaultChannel: "in_app",
  /** Bell badge reads '9+' above this. */
  badgeMax: 9,
  panelMaxHeight: "24rem",
  pageSize: 20,
  /**
   * Push toasts remembered for de-duplication, by the bell and by push alike; the socket delivers within
   * seconds, so a few suffice.
   */
  toastedKept: 100,
} as const

export const PUSH = {
  deviceType: "web",
  deviceIdStorageKey: "deviceId",
  preferencesIdFallback: 1,
  /** Push-area queries: up to 3 retries, exponential from 1 s, capped at 30 s. */
  queryRetries: 3,
  queryBackoffBaseMs: 1000,
  queryBackoffCapMs: 30_000,
} as const

export const PROFILE_FETCH = {
  attempts: 3,
  /** Wait before attempt n+1 is this times n. */
  backoffStepMs: 500,
} as const

export const REQUEST_RETRY = {
  /** One replay of a request after a 401 and a refresh. */
  retriesAfter401: 1,
  /** App-wide: failed queries are retried once; no refetch on window focus. */
  appQueryRetries: 1,
  /** A call with no answer within this fails as a timeout (long enough for a slow server). */
  timeoutMs: 30_000,
} as const

export const SOCKET = {
  maxReconnectAttempts: 6,
  reconnectBaseMs: 1000,
  reconnectCapMs: 15_000,
  /** The client's keep-alive `ping`, well inside proxies' usual 60 s idle timeouts. */
  pingIntervalMs: 25_000,
  /** After the quick attempts, one more attempt at most this long after the last, for as long as it takes. */
  slowRetryMs: 60_000,
} as const

/** The one socket the tabs of a session share (docs/behaviour.md#one-socket-per-session). */
export const SOCKET_TABS = {
  /**
   * Frames the tab holding the socket keeps for a tab that joins later: one that comes with an older position
   * is replayed what it missed from them, or reloads what it shows when they do not reach back that far.
   */
  replayFrames: 500,
  /**
   * After its last connection closed as planned (a sign-out), how long a tab waits for the next before it lets
   * the socket go to another tab; a new token reopens the connection within a turn, and keeps it.
   */
  releaseAfterMs: 2000,
  /**
   * A hidden tab that follows the socket stops hearing its frames, and catches up from its position between this
   * and twice this later (drawn each time), again and again while hidden; on being shown, at once
   * (src/effects/live/socket-tabs.ts). A hidden tab holding the socket applies the frames it kept for its own page
   * between this and twice this after the first, or once it keeps `replayFrames` (src/effects/live/hidden-hold.ts).
   */
  hiddenMs: 5000,
} as const

export const LAYOUT = {
  sidebarOpenPx: 320,
  sidebarCollapsedPx: 64,
  mobileBreakpointPx: 768,
} as const

export const TERMS_OF_SERVICE = {
  effectiveDate: "June 30, 2025",
  dismissedStorageKey: "tos-banner-dismissed-2025-06-30",
} as const

/** A page chunk that has not arrived within this is shown as failed, with a retry. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000

/**
 * An on-demand part's code (the toasts, the user menu, the day's plan, the top bar's live parts, the icons) whose
 * download failed is asked for again after this: each is one small file, asked for only once it is due.
 */
export const PART_RETRY_MS = 2000

/** Network Information API effective types on which page code is fetched only on a hover or focus. */
export const SLOW_CONNECTION_TYPES: ReadonlyArray<string> = ["slow-2g", "2g"]

/** The bound of the socket's reconnect delay before attempt n (1-based): 1 s doubling, capped at 15 s. */
export const socketBackoffMs = (attempt: number): number =>
  Math.min(SOCKET.reconnectCapMs, SOCKET.reconnectBaseMs * 2 ** Math.max(0, attempt - 1))

/** Profile fetch: wait 500 ms times the attempt number that just failed. */
export const profileBackoffMs = (failedAttempt: number): number => PROFILE_FETCH.backoffStepMs * failedAttempt

export const FINDING = {
  /** A list's search applies this long after the last keystroke (Enter applies it at once). */
  listSearchDebounceMs: 300,
  /** The command palette asks the server this long after the last keystroke. */
  paletteDebounceMs: 300,
  /** Shortest text the palette sends to the server: one letter matches nearly everything. */
  paletteMinQueryLength: 2,
} as const

/**
 * A summary this fresh is not asked for again when a view appears: at sign-in it is asked for with the profile,
 * and the sidebar and dashboard that render a moment later show it rather than asking twice
 * (docs/behaviour.md#early-refresh).
 */
export const SUMMARY_FRESH_MS = 2000

/** The document viewer: its links are fetched again this long before they stop working; zoom steps. */
export const DOCUMENT_VIEWER = {
  linkRefreshMarginMs: 60_000,
  zoomStep: 0.5,
  minZoom: 1,
  maxZoom: 4,
} as const

/**
 * Rows of a list or the inbox built in the render that first shows them, the rest in a render of their own
 * after that paint: a 1280×800 screen shows 5 of a list's rows below its toolbar and 6 of the inbox's.
 */
export const FIRST_SCREEN_ROWS = 6
