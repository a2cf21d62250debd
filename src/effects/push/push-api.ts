import { Context, Effect, Layer } from "effect"
import { PUSH } from "../../constants"
import { preferencesApi } from "../../schema/api/preferences"
import { pushApi } from "../../schema/api/push"
import type { TypeSwitches } from "../../schema/notifications/notifications"
import { ClientPreferences } from "../../schema/push/push"
import type { Failure } from "../../schema/system/failure"
import { callEndpoint } from "../system/api-call"
import { Api } from "../system/api-client"
import { retryWithDelays } from "../system/retry"
import { Storage } from "../system/storage"
import { pushQueryRetry } from "./push-retry"

// The push area's calls to our server (docs/behaviour.md#push-order): device registration and the
// notification preferences. Queries retry on the push area's own schedule (push-retry.ts); writes are never
// repeated blindly.

export interface LoadedPreferences {
  readonly id: number
  readonly types: TypeSwitches
}

export interface PushApiShape {
  /** This browser's device id: a random UUID made once and kept under `deviceId`. */
  readonly deviceId: Effect.Effect<string>
  readonly register: (fcmToken: string) => Effect.Effect<void, Failure>
  readonly preferences: Effect.Effect<LoadedPreferences, Failure>
  readonly savePreferences: (prefs: LoadedPreferences) => Effect.Effect<LoadedPreferences, Failure>
}

/** randomUUID exists only in secure contexts; a plain-http LAN address still gets a version 4 UUID. */
function randomUuid(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID()
  const b = crypto.getRandomValues(new Uint8Array(16))
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("")
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

const transient = (e: Failure) => e.status === 0 || e.status >= 500

export class PushApi extends Context.Service<PushApi, PushApiShape>()("app/PushApi") {
  static readonly layer = Layer.effect(
    PushApi,
    Effect.gen(function* () {
      const api = yield* Api
      const storage = yield* Storage
      const deviceId = Effect.gen(function* () {
        const held = yield* storage.get(PUSH.deviceIdStorageKey)
        if (held) return held
        const made = randomUuid()
        yield* storage.set(PUSH.deviceIdStorageKey, made)
        return made
      })
      return PushApi.of({
        deviceId,
        register: (fcmToken) =>
          Effect.flatMap(deviceId, (id) =>
            callEndpoint(api, pushApi.endpoints.register, {
              payload: { fcm_token: fcmToken, device_type: PUSH.deviceType, device_id: id },
            }),
          ).pipe(Effect.asVoid),
        preferences: callEndpoint(
          api,
          preferencesApi.endpoints.get,
          {},
          { decodeAs: ClientPreferences },
        ).pipe(
          (query) => retryWithDelays(query, { ...pushQueryRetry, while: transient }),
          Effect.map((p) => ({ id: p.id ?? PUSH.preferencesIdFallback, types: p.types })),
        ),
        savePreferences: (prefs) =>
          callEndpoint(api, preferencesApi.endpoints.replace, {
            params: { id: String(prefs.id) },
            payload: prefs,
          }).pipe(Effect.map((p) => ({ id: p.id, types: p.types }))),
      })
    }),
  )
}
