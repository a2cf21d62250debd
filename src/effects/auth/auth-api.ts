import { Context, Effect, Layer } from "effect"
import { PUSH } from "../../constants"
import { REFRESH_FAILED } from "../../machines/auth/refresh.machine"
import type { LoginOutcome } from "../../schema/accounts/second-factor"
import type { ProfilePatch, RefreshResponse, User } from "../../schema/auth/auth"
import { Failure } from "../../schema/system/failure"
import { callLoadedEndpoint } from "../system/api-call"
import { Api } from "../system/api-client"
import { Storage } from "../system/storage"
import { TabChannel } from "../tabs/tab-channel"
import { loadAuthEndpoints } from "./load-auth-endpoints"
import { noSessionHint } from "./session-hint-store"

/**
 * The session's calls. The steps of a sign-in after the password are ./sign-in-step-calls.ts's, loaded with the
 * first of them: a signed-in start never makes them.
 */
export interface AuthApiShape {
  readonly login: (email: string, password: string) => Effect.Effect<LoginOutcome, Failure>
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
