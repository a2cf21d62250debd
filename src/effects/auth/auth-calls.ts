import { Effect, type ManagedRuntime } from "effect"
import { runForActor } from "../system/runtime"
import type { AuthCalls } from "./auth.actors"
import { AuthApi } from "./auth-api"

// The passkey ceremonies load with the first of them: a session restored or a password sign-in never needs
// them, and their module would otherwise sit in the runtime's chunk every signed-in page waits for.
const ceremonies = () => import("./passkey-ceremony")

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
    verifyPasskey: async (token, trustBrowser) =>
      (await ceremonies()).passkeyCeremony(run, token, trustBrowser, "dialog"),
    passkeySignIn: async (mediation) => (await ceremonies()).passkeyCeremony(run, null, false, mediation),
    setupPasskey: async (token, name) => (await ceremonies()).passkeySetupCeremony(run, token, name),
    startSetup: (token) => run(AuthApi.use((a) => a.startSetup(token))),
    confirmSetup: async (token, code) => {
      const { recovery_codes, ...session } = await run(AuthApi.use((a) => a.confirmSetup(token, code)))
      return { session, recoveryCodes: recovery_codes }
    },
  }
}
