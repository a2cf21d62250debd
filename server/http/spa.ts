// One process serves the built SPA next to the API. Client routes (/dashboard, /notifications/42) have no
// file behind them, so any other GET falls back to index.html and the client router takes over. Paths that
// name a file (a dot in the last segment) stay 404: a missing chunk must fail as a chunk, not load HTML.
import { existsSync } from "node:fs"
import { join } from "node:path"
import fastifyStatic from "@fastify/static"
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify"
import { notFound } from "../errors"

export const NOT_BUILT_MESSAGE =
  "The app is not built yet: run `npm run build` (or `npm start`), then reload. The API is running.\n"

const NEVER_SPA = /^\/(?:api|ws)(?:\/|$)/
const IMMUTABLE = "public, max-age=31536000, immutable" // Vite puts a content hash in every /assets/ name
const REVALIDATE = "no-cache"

const pathOf = (req: FastifyRequest): string => req.url.split("?")[0] ?? "/"

const wantsSpa = (req: FastifyRequest): boolean => {
  if (req.method !== "GET" && req.method !== "HEAD") return false
  const path = pathOf(req)
  if (NEVER_SPA.test(path)) return false
  return !(path.split("/").pop() ?? "").includes(".")
}

/** Registers static files (when built) and the not-found handler: SPA fallback, else `{detail}` 404. */
export async function registerSpa(app: FastifyInstance, staticDir: string): Promise<{ built: boolean }> {
  const built = existsSync(join(staticDir, "index.html"))
  if (built) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: true,
      // `npm run build` writes .br and .gz copies (scripts/compress-dist.mjs); browsers get the smallest.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => {
        reply.header("cache-control", path.includes(`${join(staticDir, "assets")}`) ? IMMUTABLE : REVALIDATE)
      },
    })
  }
  app.setNotFoundHandler(async (req: FastifyRequest, reply: FastifyReply) => {
    if (!wantsSpa(req)) throw notFound()
    if (!built) return reply.code(503).type("text/plain; charset=utf-8").send(NOT_BUILT_MESSAGE)
    return reply.sendFile("index.html")
  })
  return { built }
}
