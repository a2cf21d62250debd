import { Effect, type ManagedRuntime } from "effect"
import { runForActor } from "../system/runtime"
import type { AuthCalls } from "./auth.actors"
import { AuthApi } from "./auth-api"
import { passkeyCeremony, passkeySetupCeremony } from "./passkey-ceremony"

/** AuthApi's calls on a runtime, as the plain promises the auth and refresh machines' actors make. */
export function authCalls(runtime: ManagedRuntime.ManagedRuntime<AuthApi, never>): AuthCalls {
  const run = <A, E>(effect: Effect.Effect<A, E, AuthApi>) => runForActor(runtime, effect)
  return {
    refresh: () => run(AuthApi.use((a) => a.refresh)),
    login: (email, password) => run(AuthApi.use((a) => a.login(email, password))),
    profile: () => run(AuthApi.use((a) => a.profile)),
    // Errors are ignored: local state is already cleared (docs/behaviour.md#auth-status).
    logout: () => run(AuthApi.use((a) => a.logout).pipe(Effect.ignore)),
    verifyCode: (token, factor) =>
      run(
        AuthApi.use((a) =>
          a.verifyCode({
            token,
            code: factor.code,
            method: factor.method,
            trust_browser: factor.trustBrowser,
          }),
        ),
      ),
    verifyPasskey: (token, trustBrowser) => passkeyCeremony(run, token, trustBrowser, "dialog"),
    passkeySignIn: (mediation) => passkeyCeremony(run, null, false, mediation),
    setupPasskey: (token, name) => passkeySetupCeremony(run, token, name),
    startSetup: (token) => run(AuthApi.use((a) => a.startSetup(token))),
    confirmSetup: async (token, code) => {
      const { recovery_codes, ...session } = await run(AuthApi.use((a) => a.confirmSetup(token, code)))
      return { session, recoveryCodes: recovery_codes }
    },
  }
}
