import { Context, Effect, Layer } from "effect"

/** The part of the Web Storage API this app uses; tests pass a Map-backed one. */
export interface StorageBackend {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

export interface StorageShape {
  readonly get: (key: string) => Effect.Effect<string | null>
  readonly set: (key: string, value: string) => Effect.Effect<void>
  readonly remove: (key: string) => Effect.Effect<void>
}

/**
 * Small local preferences (device id, dismissed banner). Never the access token: that lives in memory only.
 * Storage can be missing (Node, some private modes) or throw (quota, disabled cookies): reads then answer
 * null and writes are dropped, since nothing here is worth failing the app for.
 */
export class Storage extends Context.Service<Storage, StorageShape>()("app/Storage") {
  static readonly make = (backend: StorageBackend | null): StorageShape => {
    const attempt = <A>(use: (b: StorageBackend) => A, fallback: A) =>
      Effect.sync(() => {
        if (!backend) return fallback
        try {
          return use(backend)
        } catch {
          return fallback
        }
      })
    return {
      get: (key) => attempt((b) => b.getItem(key), null),
      set: (key, value) => attempt((b) => b.setItem(key, value), undefined),
      remove: (key) => attempt((b) => b.removeItem(key), undefined),
    }
  }

  static readonly layerFrom = (backend: StorageBackend | null) =>
    Layer.succeed(Storage, Storage.make(backend))

  /** The browser's localStorage, when there is one and reading the property itself does not throw. */
  static readonly layer = Layer.sync(Storage, () => Storage.make(browserLocalStorage()))
}

function browserLocalStorage(): StorageBackend | null {
  try {
    return typeof globalThis.localStorage === "undefined" ? null : globalThis.localStorage
  } catch {
    return null
  }
}
