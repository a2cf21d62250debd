// Helmet's headers with a CSP the built SPA satisfies: Vite emits external module scripts and one inline script,
// the early refresh, allowed by its hash alone; vanilla-extract and sonner inject <style> at runtime (hence
// 'unsafe-inline' for styles only).
// The headers are the same on every answer, so helmet runs once at start-up and each request only copies its
// result: @fastify/helmet rebuilt helmet's middleware (parsing the CSP) on every request, about a tenth of the
// CPU of an API call (bench/api-throughput.ts).
import { createHash } from "node:crypto"
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify"
import helmet from "helmet"
import { EARLY_REFRESH_SCRIPT } from "../../src/schema/auth/early-refresh-script"
import type { Config } from "../config"

/** The CSP source allowing index.html's inline script (docs/behaviour.md#early-refresh) and no other. */
export const EARLY_REFRESH_SCRIPT_SOURCE = `'sha256-${createHash("sha256").update(EARLY_REFRESH_SCRIPT).digest("base64")}'`

export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  return {
    "default-src": ["'self'"],
    "script-src": ["'self'", EARLY_REFRESH_SCRIPT_SOURCE],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", "ws:", "wss:", ...config.connectSrc],
    "worker-src": ["'self'"],
    "manifest-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  }
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** false: this route answers without the security headers (the socket's upgrade). */
    readonly securityHeaders?: boolean
  }
}

/** The headers helmet would set, read off one run of its middleware against a recording response. */
export function securityHeaders(config: Config): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {}
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value)
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()]
    },
  }
  const middleware = helmet({
    // Explicit list only: helmet's default upgrade-insecure-requests breaks the plain-http localhost setup.
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
  })
  middleware({} as never, response as never, (error?: unknown) => {
    if (error) throw error
  })
  return Object.freeze(headers)
}

export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const headers = securityHeaders(config)
  app.addHook("onRequest", (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (req.routeOptions.config.securityHeaders !== false) reply.headers(headers)
    // API answers are per user and may carry tokens: never cached anywhere.
    if (req.url.startsWith("/api/")) reply.header("cache-control", "no-store")
    done()
  })
}
