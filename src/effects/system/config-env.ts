// Where the app finds its API and socket, read from the build's environment at start-up: plain code, since the
// sign-in page renders before any Effect code has loaded (./config.ts is the service over it).
import { SOCKET } from "../../constants"

export interface ConfigShape {
  readonly apiBaseUrl: string
  readonly socketBaseUrl: string
  /** The bound of the socket's slow retry after its quick attempts (SOCKET.slowRetryMs unless set). */
  readonly socketSlowRetryMs: number
}

const pageOrigin = (): string => (typeof window === "undefined" ? "" : window.location.origin)

/**
 * Where a tester (or an end-to-end test) shortens the socket's slow retry for this browser, instead of waiting
 * a minute: `localStorage.setItem("backoffice.socketSlowRetryMs", "2000")` before the page loads.
 */
export const SLOW_RETRY_STORAGE_KEY = "backoffice.socketSlowRetryMs"

function storedSlowRetry(): number | undefined {
  try {
    const raw = typeof localStorage === "undefined" ? null : localStorage.getItem(SLOW_RETRY_STORAGE_KEY)
    const ms = raw === null ? Number.NaN : Number(raw)
    return Number.isInteger(ms) && ms >= 100 ? ms : undefined
  } catch {
    return undefined
  }
}

/** API and socket base URLs come from configuration, defaulting to the page's own origin. */
export function configFromEnv(env: Record<string, string | undefined>): ConfigShape {
  const apiBaseUrl = (env.VITE_API_BASE_URL || pageOrigin()).replace(/\/$/, "")
  const socketBaseUrl = (env.VITE_SOCKET_BASE_URL || apiBaseUrl.replace(/^http/, "ws")).replace(/\/$/, "")
  return { apiBaseUrl, socketBaseUrl, socketSlowRetryMs: storedSlowRetry() ?? SOCKET.slowRetryMs }
}
