import { Context, Layer } from "effect"
import type { ConfigShape } from "./config-env"

/** Where the API and the socket are (read at start by ./config-env.ts), as a service of the runtime. */
export class Config extends Context.Service<Config, ConfigShape>()("app/Config") {
  static readonly layer = (config: ConfigShape) => Layer.succeed(Config, config)
}
