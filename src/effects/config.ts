import { Context, Layer } from "effect"

export interface ConfigShape {
  readonly apiBaseUrl: string
  readonly socketBaseUrl: string
}

const pageOrigin = (): string => (typeof window === "undefined" ? "" : window.location.origin)

/** API and socket base URLs come from configuration, defaulting to the page's own origin (SPEC §7). */
export function configFromEnv(env: Record<string, string | undefined>): ConfigShape {
  const apiBaseUrl = (env.VITE_API_BASE_URL || pageOrigin()).replace(/\/$/, "")
  const socketBaseUrl = (env.VITE_SOCKET_BASE_URL || apiBaseUrl.replace(/^http/, "ws")).replace(/\/$/, "")
  return { apiBaseUrl, socketBaseUrl }
}

export class Config extends Context.Service<Config, ConfigShape>()("app/Config") {
  static readonly layer = (config: ConfigShape) => Layer.succeed(Config, config)
}
