// The names the tabs of one browser meet under. Their own module, with nothing imported: the inline script of
// index.html that starts the refresh (../auth/early-refresh-script.ts) takes the same lock and speaks on the same
// channel as the app's link to the other tabs (src/effects/tabs/tab-link.ts).

/** The BroadcastChannel the tabs of one browser share. */
export const TAB_CHANNEL = "backoffice-session"

/** The Web Lock every tab's refresh holds: two tabs never present the same refresh cookie at once. */
export const REFRESH_LOCK = "backoffice-refresh"

/**
 * The version of what the tabs of a session say to each other about its live socket (../live/tab-relay.ts, and
 * which channel carries what). During a deploy a browser can hold tabs of two versions of the app: each version
 * meets under its own names, so that its tabs share a socket of their own instead of one version's tabs waiting
 * for answers the other's never give.
 */
const LIVE_TABS_VERSION = 2

/**
 * The channel and the lock of one session's live socket (docs/behaviour.md#one-socket-per-session): the tab that
 * holds the lock holds the socket and tells the others on the channel. Both are named by the session, so that a
 * tab signed in as someone else never hears this session's frames.
 */
export const liveSocketName = (session: string): string => `backoffice-live:v${LIVE_TABS_VERSION}:${session}`

/**
 * The channel the holder tells a session's frames on, apart from the rest: a hidden tab stops hearing it, so that
 * the browser does not wake it for every frame, and catches up from its position when it listens again.
 */
export const liveStreamName = (session: string): string => `${liveSocketName(session)}:stream`

/** The Web Lock each tab of a session holds for as long as it lives: the tab holding the socket sees it go. */
export const liveTabName = (session: string, tab: string): string => `${liveSocketName(session)}:tab:${tab}`
