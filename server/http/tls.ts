// TLS at the server itself (TLS_CERT_FILE, TLS_KEY_FILE): HTTP/2 for the app, the API and its files, HTTP/1.1 on
// the same port for the socket (a WebSocket opens with an HTTP/1.1 upgrade) and for clients without HTTP/2.
import { readFileSync } from "node:fs"
import type { Server } from "node:http"
import Fastify, { type FastifyHttpOptions, type FastifyInstance } from "fastify"
import { type Config, ConfigError } from "../config"

export interface TlsMaterial {
  readonly cert: Buffer
  readonly key: Buffer
}

/** The certificate and key the settings name, read once at start; an unreadable file stops the start. */
export function readTls(config: Pick<Config, "tls">): TlsMaterial | null {
  if (config.tls === null) return null
  const read = (name: string, path: string) => {
    try {
      return readFileSync(path)
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      throw new ConfigError(`${name} could not be read: ${reason}`)
    }
  }
  return { cert: read("TLS_CERT_FILE", config.tls.certFile), key: read("TLS_KEY_FILE", config.tls.keyFile) }
}

/**
 * The Fastify instance, over plain HTTP/1.1 or, given TLS material, over HTTP/2 with HTTP/1.1 beside it.
 * Fastify types an HTTP/2 instance apart from an HTTP/1.1 one, but hands the routes the same request and reply
 * (HTTP/2's compatibility API gives them headers, the socket and whether it is encrypted): the public signature
 * says so once, instead of every route plugin and option taking both server types. The implementation's looser
 * signature only passes the caller's options on, typed by that public one.
 */
export function createFastify(options: FastifyHttpOptions<Server>, tls: TlsMaterial | null): FastifyInstance
export function createFastify(options: object, tls: TlsMaterial | null): unknown {
  if (tls === null) return Fastify(options)
  return Fastify({ ...options, http2: true, https: { allowHTTP1: true, cert: tls.cert, key: tls.key } })
}
