// What each Brotli quality and gzip level costs on the answers a cached page holds: the first notification
// page (20 rows) and the dashboard summary, as the demo data gives them. Prints bytes and microseconds per
// compression (median of --runs), to choose the levels of server/http/compression.ts.
// Usage: node --import tsx bench/compress-levels.ts [--runs 400]
import { brotliCompressSync, constants, gzipSync } from "node:zlib"
import { DEMO } from "../test/e2e/browser"
import { startServerProcess } from "../test/e2e/server-process"

const at = process.argv.indexOf("--runs")
const RUNS = at > 0 ? Number(process.argv[at + 1]) : 400

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0

function time(compress: () => Buffer): { bytes: number; us: number } {
  let bytes = 0
  const took: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const start = process.hrtime.bigint()
    bytes = compress().length
    took.push(Number(process.hrtime.bigint() - start) / 1000)
  }
  return { bytes, us: Math.round(median(took)) }
}

const server = await startServerProcess({ LOG_LEVEL: "warn" })
try {
  const login = await fetch(`${server.url}/api/company/login/`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(DEMO.coordinator),
  })
  const { access } = (await login.json()) as { access: string }
  const get = async (path: string) =>
    (await fetch(`${server.url}${path}`, { headers: { Authorization: `Bearer ${access}` } })).text()
  const bodies = {
    "notification page": await get("/api/v1/notifications/?page_size=20"),
    "dashboard summary": await get("/api/v1/dashboard/summary/"),
  }
  const rows: Array<Record<string, string | number>> = []
  for (const [name, body] of Object.entries(bodies)) {
    const input = Buffer.from(body)
    rows.push({ answer: name, codec: "identity", bytes: input.length, µs: 0 })
    for (const quality of [1, 4, 5, 6, 8, 11]) {
      const r = time(() =>
        brotliCompressSync(input, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: quality,
            [constants.BROTLI_PARAM_SIZE_HINT]: input.length,
          },
        }),
      )
      rows.push({ answer: name, codec: `br q${quality}`, bytes: r.bytes, µs: r.us })
    }
    for (const level of [1, 6, 9]) {
      const r = time(() => gzipSync(input, { level }))
      rows.push({ answer: name, codec: `gzip ${level}`, bytes: r.bytes, µs: r.us })
    }
  }
  console.table(rows)
} finally {
  await server.close()
}
