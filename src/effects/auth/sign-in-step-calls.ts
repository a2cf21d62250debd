import { Effect } from "effect"
import type { SecondFactorBody, SetupSignIn, TotpSetup } from "../../schema/accounts/second-factor"
import type {
  AuthenticationResponseJSON,
  CreationOptionsJSON,
  RegistrationResponseJSON,
  RequestOptionsJSON,
} from "../../schema/accounts/webauthn"
import type { LoginResponse } from "../../schema/auth/auth"
import type { Failure } from "../../schema/system/failure"
import { callLoadedEndpoint } from "../system/api-call"
import { Api } from "../system/api-client"

// The calls of a sign-in's steps after the password (the second factor, a passkey, the set-up of a factor the
// policy requires), on the Api. Loaded with the first of them (./auth-calls.ts): a session restored or a password
// sign-in never makes them, and here they are not in the runtime's chunk every signed-in page waits for.

// Like the password's, authenticated by the challenge's token, never by a bearer; a 401 is an answer.
const byToken = { auth: "none", replay: "never" } as const

// The records load with the first call.
type SecondFactorEndpoints = typeof import("../../schema/api/second-factor")["secondFactorApi"]["endpoints"]
type PasskeyEndpoints = typeof import("../../schema/api/passkeys")["passkeysApi"]["endpoints"]
const secondFactorEndpoint =
  <K extends keyof SecondFactorEndpoints>(key: K) =>
  (): Promise<SecondFactorEndpoints[K]> =>
    import("../../schema/api/second-factor").then((m) => m.secondFactorApi.endpoints[key])
const passkeyEndpoint =
  <K extends keyof PasskeyEndpoints>(key: K) =>
  (): Promise<PasskeyEndpoints[K]> =>
    import("../../schema/api/passkeys").then((m) => m.passkeysApi.endpoints[key])

type Call<A> = Effect.Effect<A, Failure, Api>

export const verifyCode = (body: SecondFactorBody): Call<LoginResponse> =>
  Api.use((api) => callLoadedEndpoint(api, secondFactorEndpoint("verify"), { payload: body }, byToken))

export const startSetup = (token: string): Call<TotpSetup> =>
  Api.use((api) =>
    callLoadedEndpoint(api, secondFactorEndpoint("setupTotp"), { payload: { token } }, byToken),
  )

export const confirmSetup = (token: string, code: string): Call<SetupSignIn> =>
  Api.use((api) =>
    callLoadedEndpoint(api, secondFactorEndpoint("setupTotpConfirm"), { payload: { token, code } }, byToken),
  )

/** A passkey's request options and its answer: alone (token null) or as the second factor of a sign-in. */
export const passkeyOptions = (token: string | null): Call<RequestOptionsJSON> =>
  Api.use((api) =>
    token === null
      ? callLoadedEndpoint(api, passkeyEndpoint("signInOptions"), {}, byToken)
      : callLoadedEndpoint(api, passkeyEndpoint("secondFactorOptions"), { payload: { token } }, byToken),
  )

export const passkeySignIn = (
  token: string | null,
  response: AuthenticationResponseJSON,
  trustBrowser: boolean,
): Call<LoginResponse> =>
  Api.use((api) =>
    token === null
      ? callLoadedEndpoint(api, passkeyEndpoint("signIn"), { payload: { response } }, byToken)
      : callLoadedEndpoint(
          api,
          passkeyEndpoint("secondFactor"),
          { payload: { token, response, trust_browser: trustBrowser } },
          byToken,
        ),
  )

/** A passkey added as the factor the policy requires, which finishes the sign-in. */
export const setupPasskeyOptions = (token: string): Call<CreationOptionsJSON> =>
  Api.use((api) => callLoadedEndpoint(api, passkeyEndpoint("setupOptions"), { payload: { token } }, byToken))

export const setupPasskey = (
  token: string,
  name: string,
  response: RegistrationResponseJSON,
): Call<LoginResponse> =>
  Api.use((api) =>
    callLoadedEndpoint(api, passkeyEndpoint("setup"), { payload: { token, name, response } }, byToken),
  )

/** The set-up's last step: the session it earned and the recovery codes, apart. */
export const confirmSetupSession = (token: string, code: string) =>
  confirmSetup(token, code).pipe(
    Effect.map(({ recovery_codes, ...session }) => ({ session, recoveryCodes: recovery_codes })),
  )
