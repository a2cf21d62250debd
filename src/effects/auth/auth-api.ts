import { Context, Effect, Layer } from "effect"
import { PUSH } from "../../constants"
import { REFRESH_FAILED } from "../../machines/auth/refresh.machine"
import type {
  LoginOutcome,
  SecondFactorBody,
  SetupSignIn,
  TotpSetup,
} from "../../schema/accounts/second-factor"
import type {
  AuthenticationResponseJSON,
  CreationOptionsJSON,
  RegistrationResponseJSON,
  RequestOptionsJSON,
} from "../../schema/accounts/webauthn"
import type { LoginResponse, ProfilePatch, RefreshResponse, User } from "../../schema/auth/auth"
import { Failure } from "../../schema/system/failure"
import { callLoadedEndpoint } from "../system/api-call"
import { Api } from "../system/api-client"
import { Storage } from "../system/storage"
import { TabChannel } from "../tabs/tab-channel"
import { loadAuthEndpoints } from "./load-auth-endpoints"
import { noSessionHint } from "./session-hint-store"

export interface AuthApiShape {
  readonly login: (email: string, password: string) => Effect.Effect<LoginOutcome, Failure>
  /** The second step of a sign-in, and the set-up of a factor the policy requires, by the challenge's token. */
  readonly verifyCode: (body: SecondFactorBody) => Effect.Effect<LoginResponse, Failure>
  readonly startSetup: (token: string) => Effect.Effect<TotpSetup, Failure>
  readonly confirmSetup: (token: string, code: string) => Effect.Effect<SetupSignIn, Failure>
  /** A passkey's request options and its answer: alone (token null) or as the second factor of a sign-in. */
  readonly passkeyOptions: (token: string | null) => Effect.Effect<RequestOptionsJSON, Failure>
  readonly passkeySignIn: (
    token: string | null,
    response: AuthenticationResponseJSON,
    trustBrowser: boolean,
  ) => Effect.Effect<LoginResponse, Failure>
  /** A passkey added as the factor the policy requires, which finishes the sign-in. */
  readonly setupPasskeyOptions: (token: string) => Effect.Effect<CreationOptionsJSON, Failure>
  readonly setupPasskey: (
    token: string,
    name: string,
    response: RegistrationResponseJSON,
  ) => Effect.Effect<LoginResponse, Failure>
  readonly refresh: Effect.Effect<RefreshResponse, Failure>
  readonly profile: Effect.Effect<User, Failure>
  readonly updateProfile: (patch: ProfilePatch) => Effect.Effect<User, Failure>
  /** The caller ignores its errors: local state is cleared anyway. */
  readonly logout: Effect.Effect<void, Failure>
}

// The sign-in page's calls fetch their endpoints' records (and Schema with them) when first made, so that a
// visit to the sign-in page downloads neither (../system/load-decoding.ts says why).
type AuthEndpoints = typeof import("../../schema/api/auth")["authApi"]["endpoints"]
const authEndpoint =
  <K extends keyof AuthEndpoints>(key: K) =>
  (): Promise<AuthEndpoints[K]> =>
    loadAuthEndpoints().then((m) => m.authApi.endpoints[key])

// The second step's records load only when a sign-in asks for one.
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

export class AuthApi extends Context.Service<AuthApi, AuthApiShape>()("app/AuthApi") {
  static readonly layer = Layer.effect(
    AuthApi,
    Effect.gen(function* () {
      const api = yield* Api
      const storage = yield* Storage
      const tabs = yield* TabChannel
      // Login, refresh and logout are authenticated by credentials or the HttpOnly cookie, never by a
      // (possibly stale) bearer, and a 401 from them is an answer, not a reason to refresh.
      const byCookie = { auth: "none", replay: "never" } as const
      // Without the hint cookie the browser holds no refresh cookie: the server's answer is known already.
      const serverRefresh = Effect.suspend(() =>
        noSessionHint()
          ? Effect.fail(
              new Failure({
                kind: "http",
                status: 401,
                serverMessage: null,
                detail: REFRESH_FAILED,
                message: "POST /api/company/token/refresh/ skipped: no session in this browser",
              }),
            )
          : callLoadedEndpoint(api, authEndpoint("refresh"), {}, byCookie),
      )
      return AuthApi.of({
        login: (email, password) =>
          callLoadedEndpoint(api, authEndpoint("login"), { payload: { email, password } }, byCookie),
        verifyCode: (body) =>
          callLoadedEndpoint(api, secondFactorEndpoint("verify"), { payload: body }, byCookie),
        startSetup: (token) =>
          callLoadedEndpoint(api, secondFactorEndpoint("setupTotp"), { payload: { token } }, byCookie),
        confirmSetup: (token, code) =>
          callLoadedEndpoint(
            api,
            secondFactorEndpoint("setupTotpConfirm"),
            { payload: { token, code } },
            byCookie,
          ),
        passkeyOptions: (token) =>
          token === null
            ? callLoadedEndpoint(api, passkeyEndpoint("signInOptions"), {}, byCookie)
            : callLoadedEndpoint(
                api,
                passkeyEndpoint("secondFactorOptions"),
                { payload: { token } },
                byCookie,
              ),
        passkeySignIn: (token, response, trustBrowser) =>
          token === null
            ? callLoadedEndpoint(api, passkeyEndpoint("signIn"), { payload: { response } }, byCookie)
            : callLoadedEndpoint(
                api,
                passkeyEndpoint("secondFactor"),
                { payload: { token, response, trust_browser: trustBrowser } },
                byCookie,
              ),
        setupPasskeyOptions: (token) =>
          callLoadedEndpoint(api, passkeyEndpoint("setupOptions"), { payload: { token } }, byCookie),
        setupPasskey: (token, name, response) =>
          callLoadedEndpoint(api, passkeyEndpoint("setup"), { payload: { token, name, response } }, byCookie),
        // One refresh at a time across the browser's tabs: a tab that waited for another's refresh takes the
        // token that one obtained instead of refreshing again.
        refresh: tabs
          .shareRefresh(serverRefresh.pipe(Effect.map((r) => r.access)))
          .pipe(Effect.map((access) => ({ access }))),
        profile: callLoadedEndpoint(api, authEndpoint("profile"), {}),
        updateProfile: (patch) => callLoadedEndpoint(api, authEndpoint("updateProfile"), { payload: patch }),
        // The browser's push registration ends with the session: the server drops this device's token.
        logout: Effect.flatMap(storage.get(PUSH.deviceIdStorageKey), (id) =>
          callLoadedEndpoint(
            api,
            authEndpoint("logout"),
            { query: id === null ? {} : { device_id: id } },
            // The sign-in page shows at once; a reload or a closed tab right after must not keep the session.
            { ...byCookie, keepalive: true },
          ),
        ).pipe(Effect.asVoid),
      })
    }),
  )
}
