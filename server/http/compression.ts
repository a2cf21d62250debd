// API answers above 1 KB go compressed when the client accepts it (the notification page and the dashboard
// summary are 4-6 KB of repetitive JSON). Brotli at quality 4 compresses JSON nearly as well as gzip's best at a
// fraction of Brotli's default cost (quality 11 takes milliseconds per answer); the built app's files are
// compressed once at build time instead (scripts/compress-dist.mjs), so this never touches them twice.
// A cached notification page is compressed once per encoding and its bytes kept beside it
// (server/notifications/page-cache.ts): it negotiates here, by the same rules the plugin follows.
import { constants } from "node:zlib"
import compress from "@fastify/compress"
import type { FastifyInstance } from "fastify"

/** Answers smaller than this go as they are: compressing them saves less than the work costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024

/** What the API compresses with, preferred first. */
export const ENCODINGS = ["br", "gzip"] as const
export type Encoding = (typeof ENCODINGS)[number]

const BROTLI_QUALITY = 4

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: [...ENCODINGS],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    // Clients send JSON bodies uncompressed; a compressed request body is not something this API accepts.
    globalDecompression: false,
  })
}
