// How a cached answer is compressed, once, to be sent many times (server/notifications/page-cache.ts). The
// levels are measured (bench/compress-levels.ts, figures in bench/RESULTS.md): a page is compressed again
// after every change to its user's notifications, so a level whose cost is paid per change must still be
// small beside the query it follows, while every byte saved is saved on every answer.
import { promisify } from "node:util"
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from "node:zlib"
import type { Encoding } from "./compression"

export const CACHED_BROTLI_QUALITY = 6
export const CACHED_GZIP_LEVEL = 9

const brotliOptions = (input: Buffer) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: CACHED_BROTLI_QUALITY,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: input.length,
  },
})

export function compressBody(body: string, encoding: Encoding): Buffer {
  const input = Buffer.from(body)
  if (encoding === "gzip") return gzipSync(input, { level: CACHED_GZIP_LEVEL })
  return brotliCompressSync(input, brotliOptions(input))
}

const gzipAsync = promisify(gzip)
const brotliAsync = promisify(brotliCompress)

/**
 * The same bytes, compressed on libuv's thread pool: for a body of megabytes (the API reference's script), where
 * compressing on the event loop would stall every other request for a second or more.
 */
export function compressLargeBody(body: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === "gzip") return gzipAsync(body, { level: CACHED_GZIP_LEVEL })
  return brotliAsync(body, brotliOptions(body))
}
