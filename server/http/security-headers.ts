// Helmet's headers with a CSP the built SPA satisfies: Vite emits only external module scripts, while
// vanilla-extract and sonner inject <style> at runtime (hence 'unsafe-inline' for styles only).
import helmet from "@fastify/helmet"
import type { FastifyInstance } from "fastify"
import type { Config } from "../config"

export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  return {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
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

export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    // Explicit list only: helmet's default upgrade-insecure-requests breaks the plain-http localhost setup.
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
  })
}
