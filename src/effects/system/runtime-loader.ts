import type { AuthCalls } from "../auth/auth.actors"
import type { LoadedRuntime } from "./app-runtime"
import { loadChunk } from "./load-chunk"

// The root's runtime, loaded on first use: the sign-in page renders before any Effect code has loaded, and the
// runtime's chunk (./app-runtime.ts) arrives when a call needs it, or sooner when asked (./start-app.ts).

export interface RuntimeLoader {
  /**
   * The runtime, its chunk loaded once: calls made while it loads wait for the same load. A load that failed (or
   * did not arrive within the timeout) rejects every waiting call with a ChunkLoadError, and the next call tries
   * again.
   */
  readonly get: () => Promise<LoadedRuntime>
  /** The runtime if it has loaded, else null. */
  readonly loaded: () => LoadedRuntime | null
  /** AuthApi's calls, each made once the runtime has loaded. */
  readonly auth: AuthCalls
}

export function runtimeLoader(load: () => Promise<LoadedRuntime>, timeoutMs: number): RuntimeLoader {
  let loaded: LoadedRuntime | null = null
  let inFlight: Promise<LoadedRuntime> | null = null
  const get = (): Promise<LoadedRuntime> => {
    if (loaded) return Promise.resolve(loaded)
    inFlight ??= loadChunk(load, timeoutMs).then(
      (runtime) => {
        loaded = runtime
        inFlight = null
        return runtime
      },
      (error: unknown) => {
        inFlight = null
        console.error("The app's services could not be loaded", error)
        throw error
      },
    )
    return inFlight
  }
  return {
    get,
    loaded: () => loaded,
    auth: {
      refresh: () => get().then((r) => r.auth.refresh()),
      login: (email, password) => get().then((r) => r.auth.login(email, password)),
      profile: () => get().then((r) => r.auth.profile()),
      verifyCode: (token, factor) => get().then((r) => r.auth.verifyCode(token, factor)),
      verifyPasskey: (token, trust) => get().then((r) => r.auth.verifyPasskey(token, trust)),
      passkeySignIn: (mediation) => get().then((r) => r.auth.passkeySignIn(mediation)),
      startSetup: (token) => get().then((r) => r.auth.startSetup(token)),
      confirmSetup: (token, code) => get().then((r) => r.auth.confirmSetup(token, code)),
      setupPasskey: (token, name) => get().then((r) => r.auth.setupPasskey(token, name)),
      // Local state is cleared whatever happens: a runtime that cannot load only means no call to the server.
      logout: () =>
        get().then(
          (r) => r.auth.logout(),
          () => undefined,
        ),
    },
  }
}
