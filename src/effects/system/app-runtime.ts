import type { AuthCalls } from "../auth/auth.actors"
import { authCalls } from "../auth/auth-calls"
import { TabChannel } from "../tabs/tab-channel"
import type { TabLink } from "../tabs/tab-link"
import type { ConfigShape } from "./config-env"
import type { HttpEnvShape } from "./http-env"
import { type AppRuntime, makeRuntime } from "./runtime"

// The entry of the runtime's chunk: everything Effect the root's actors need (the runtime with Config, Storage,
// Api, AuthApi and TabChannel, and AuthApi's calls on it). The public account pages' calls come with those
// pages' code (../accounts/account-calls.ts), on this runtime: a signed-in start never makes them. The app starts without it and imports it on the first
// call, or at once when the browser holds a session (./runtime-loader.ts, ./start-app.ts); its name in the
// build's manifest, `src/effects/system/app-runtime.ts`, is what a preload of a signed-in page names.

export interface LoadedRuntime {
  readonly runtime: AppRuntime
  readonly auth: AuthCalls
}

/** The runtime over the app's config, its actors' token and refresh queue, and the tabs link opened at start. */
export function buildRuntime(config: ConfigShape, env: HttpEnvShape, tabs: TabLink): LoadedRuntime {
  const runtime = makeRuntime(config, env, TabChannel.over(tabs))
  return { runtime, auth: authCalls(runtime) }
}
