import { Context, Layer } from "effect"
import type { ConfigShape } from "./config-env"

export class Config extends Context.Service<Config, ConfigShape>()("app/Config") {
  static readonly layer = (config: ConfigShape) => Layer.succeed(Config, config)
}
