import { Effect, type ManagedRuntime } from "effect"
import type { Api } from "../system/api-client"
import { runForActor } from "../system/runtime"
import type { AuthCalls } from "./auth.actors"
import { AuthApi } from "./auth-api"

// The steps of a sign-in after the password and the passkey ceremonies load with the first of them: a session
// restored or a password sign-in never needs them, and their modules would otherwise sit in the runtime's chunk
// every signed-in page waits for.
const steps = () => import("./sign-in-step-calls")
const ceremonies = () => import("./passkey-ceremony")

/** AuthApi's calls on a runtime, as the plain promises the auth and refresh machines' actors make. */
export function authCalls(runtime: ManagedRuntime.ManagedRuntime<AuthApi | Api, never>): AuthCalls {
  const run = <A, E>(effect: Effect.Effect<A, E, AuthApi | Api>) => runForActor(runtime, effect)
  return {
    refresh: () => run(AuthApi.use((a) => a.refresh)),
    login: (email, password) => run(AuthApi.use((a) => a.login(email, password))),
    profile: () => run(AuthApi.use((a) => a.profile)),
    // Errors are ignored: local state is already cleared (docs/behaviour.md#auth-status).
    logout: () => run(AuthApi.use((a) => a.logout).pipe(Effect.ignore)),
    verifyCode: async (token, factor) =>
      run(
        (await steps()).verifyCode({
          token,
          code: factor.code,
          method: factor.method,
          trust_browser: factor.trustBrowser,
        }),
      ),
    verifyPasskey: async (token, trustBrowser) =>
      (await ceremonies()).passkeyCeremony(run, token, trustBrowser, "dialog"),
    passkeySignIn: async (mediation) => (await ceremonies()).passkeyCeremony(run, null, false, mediation),
    setupPasskey: async (token, name) => (await ceremonies()).passkeySetupCeremony(run, token, name),
    startSetup: async (token) => run((await steps()).startSetup(token)),
    confirmSetup: async (token, code) => run((await steps()).confirmSetupSession(token, code)),
  }
}
