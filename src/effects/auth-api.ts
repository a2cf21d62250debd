import { Context, Effect, Layer } from "effect"
import { LoginResponse, type ProfilePatch, RefreshResponse, User } from "../schema/auth"
import { Api } from "./api"
import type { ApiError } from "./api-error"

export interface AuthApiShape {
  readonly login: (email: string, password: string) => Effect.Effect<LoginResponse, ApiError>
  readonly refresh: Effect.Effect<RefreshResponse, ApiError>
  readonly profile: Effect.Effect<User, ApiError>
  readonly updateProfile: (patch: ProfilePatch) => Effect.Effect<User, ApiError>
  readonly logout: Effect.Effect<void, ApiError>
}

export class AuthApi extends Context.Service<AuthApi, AuthApiShape>()("app/AuthApi") {
  static readonly layer = Layer.effect(
    AuthApi,
    Effect.gen(function* () {
      const api = yield* Api
      return AuthApi.of({
        login: (email, password) =>
          api.request("POST", "/api/company/login/", {
            body: { email, password },
            schema: LoginResponse,
            refreshOn401: false,
          }),
        refresh: api.request("POST", "/api/company/token/refresh/", { schema: RefreshResponse, refreshOn401: false }),
        profile: api.request("GET", "/api/company/user/", { schema: User }),
        updateProfile: (patch) => api.request("PATCH", "/api/company/user/", { body: patch, schema: User }),
        logout: api.request("POST", "/api/company/logout/", { refreshOn401: false }).pipe(Effect.asVoid),
      })
    }),
  )
}
