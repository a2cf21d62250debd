// Builds the HTTP app (not listening): security headers, cookies, rate limits, error shapes, the API routes,
// the background jobs (server/jobs) and the SPA. A domain adds its route plugin (server/<domain>/http/) to ROUTES.
import cookie from "@fastify/cookie"
import rateLimit from "@fastify/rate-limit"
import type { FastifyError, FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify"
import { ownAccountRoutes } from "../accounts/http/own-account-routes"
import { passkeyRoutes } from "../accounts/http/passkey-routes"
import { accountPublicRoutes } from "../accounts/http/public-routes"
import { secondFactorRoutes } from "../accounts/http/second-factor-routes"
import { staffRoutes } from "../accounts/http/staff-routes"
import { authRoutes } from "../auth/http/auth-routes"
import { type Clock, systemClock } from "../clock"
import type { Config } from "../config"
import type { DatabaseHandle } from "../db/database"
import { documentRoutes } from "../documents/http/routes"
import { tooManyRequests } from "../errors"
import { exportRoutes } from "../exports/http/export-routes"
import { startJobs } from "../jobs/jobs"
import { marketplaceRoutes } from "../marketplace/http/routes"
import { notificationAdminRoutes } from "../notifications/http/admin-send-routes"
import { notificationRoutes } from "../notifications/http/notification-routes"
import { notificationPreferenceRoutes } from "../notifications/http/preference-routes"
import { notificationSocketRoutes } from "../notifications/http/socket-routes"
import type { PushSender } from "../push/push-sender"
import { selectPushSender } from "../push/select-sender"
import { reportRoutes } from "../reports/http/report-routes"
import { searchRoutes } from "../search/http/search-routes"
import { apiDocsRoutes } from "./api-docs-routes"
import { clientErrorHandler } from "./client-error"
import { registerCompression } from "./compression"
import { installErrorHandler } from "./error-handler"
import { type LogStream, loggerOptions, RequestLog } from "./logger"
import { decorateRequestUser } from "./require-user"
import { registerSecurityHeaders } from "./security-headers"
import { closeServices, createServices } from "./services"
import { registerSpa } from "./spa"
import { createFastify, readTls } from "./tls"

/** API route plugins, registered in this order. Each reads what it needs from `app.services`. */
export const ROUTES: readonly FastifyPluginAsync[] = [
  authRoutes,
  accountPublicRoutes,
  staffRoutes,
  ownAccountRoutes,
  secondFactorRoutes,
  passkeyRoutes,
  marketplaceRoutes,
  documentRoutes,
  notificationRoutes,
  notificationPreferenceRoutes,
  notificationAdminRoutes,
  notificationSocketRoutes,
  searchRoutes,
  exportRoutes,
  reportRoutes,
  apiDocsRoutes,
]

export interface BuildAppOptions {
  readonly config: Config
  readonly database: DatabaseHandle
  /** Log destination (default stdout), or false for no logging at all. */
  readonly logger?: LogStream | false
  /** Tests step time forward; production uses the system clock. */
  readonly clock?: Clock
  /** Tests record pushes; otherwise Firebase Admin when configured, else push is off. */
  readonly pushSender?: PushSender
}

/** JSON bodies are small here; anything larger is a mistake or an attack. */
export const BODY_LIMIT_BYTES = 64 * 1024

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options
  const app = createFastify(
    {
      logger: options.logger === false ? false : loggerOptions(config.logLevel, options.logger),
      trustProxy: config.trustProxy,
      bodyLimit: BODY_LIMIT_BYTES,
      logController: new RequestLog(),
      // Errors Fastify raises before routing (a malformed URL such as /api/%E0): the same {detail} shape.
      frameworkErrors: (_error: FastifyError, _req: FastifyRequest, reply: FastifyReply) => {
        reply.code(400).send({ detail: "Malformed URL." })
      },
      clientErrorHandler,
    },
    readTls(config),
  )

  const push = options.pushSender ?? (await selectPushSender(config))
  const log = {
    warn: (message: string, error?: unknown) =>
      app.log.warn(error === undefined ? {} : { err: error }, message),
  }
  app.decorate("services", await createServices(config, database, options.clock ?? systemClock, push, log))
  app.addHook("onClose", () => closeServices(app.services))
  decorateRequestUser(app)
  installErrorHandler(app)
  installJsonOnly(app)

  registerSecurityHeaders(app, config)
  await app.register(cookie)
  await registerCompression(app)
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, context) =>
      tooManyRequests("Too many requests. Try again later.", context.ttl / 1000),
  })
  for (const routes of ROUTES) await app.register(routes)
  await startJobs(app)
  await registerSpa(app, config.staticDir)
  return app
}

/**
 * The API speaks JSON only: text/plain (which Fastify parses by default) gets 415 like every other type.
 * An empty JSON body is read as no body, since clients send the header on body-less POSTs (refresh, logout).
 */
function installJsonOnly(app: FastifyInstance): void {
  app.removeContentTypeParser("text/plain")
  app.removeContentTypeParser("application/json")
  const parseJson = app.getDefaultJsonParser("error", "error")
  app.addContentTypeParser("application/json", { parseAs: "string" }, (req, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8")
    if (text.trim() === "") return done(null, undefined)
    return parseJson(req, text, done)
  })
}
