// The built SPA beside the API: files, the client-route fallback, the CSP, and the not-yet-built answer.

import { createHash } from "node:crypto"
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { get } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { EARLY_REFRESH_SCRIPT } from "../../src/schema/auth/early-refresh-script"
import { startServer, type TestServer } from "./harness"

/** A GET whose body is not decoded (fetch would decompress it), to see which copy the server chose. */
function raw(url: string, acceptEncoding: string) {
  return new Promise<{ encoding: string | undefined; vary: string | undefined; body: string }>(
    (resolve, reject) => {
      get(url, { headers: { "accept-encoding": acceptEncoding } }, (res) => {
        let body = ""
        res.on("data", (chunk: Buffer) => {
          body += chunk.toString()
        })
        res.on("end", () =>
          resolve({ encoding: res.headers["content-encoding"], vary: res.headers.vary, body }),
        )
      }).on("error", reject)
    },
  )
}

const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head></html>'

describe("SPA from a built dist", () => {
  let server: TestServer
  let dist: string
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), "backoffice-dist-"))
    mkdirSync(join(dist, "assets"))
    writeFileSync(join(dist, "index.html"), INDEX)
    writeFileSync(join(dist, "assets", "app-abc123.js"), "console.log('app')")
    writeFileSync(join(dist, "favicon.svg"), "<svg/>")
    // What scripts/compress-dist.mjs writes beside a file; marked so a test can tell which copy was served.
    writeFileSync(join(dist, "assets", "app-abc123.js.br"), "brotli copy")
    writeFileSync(join(dist, "assets", "app-abc123.js.gz"), "gzip copy")
    server = await startServer({ config: { staticDir: dist, connectSrc: ["https://api.example.com"] } })
  })
  afterAll(async () => {
    await server?.close()
    rmSync(dist, { recursive: true, force: true })
  })

  it("serves index.html at / and for client routes, so a reload of /dashboard works", async () => {
    for (const path of [
      "/",
      "/dashboard",
      "/notifications/42",
      "/website-coordinator/maintenance/pending",
      "/x?y=1",
    ]) {
      const response = await server.fetch(path)
      expect(response.status, path).toBe(200)
      expect(response.headers.get("content-type"), path).toMatch(/^text\/html/)
      expect(await response.text()).toBe(INDEX)
    }
    expect((await server.fetch("/dashboard")).headers.get("cache-control")).toBe("no-cache")
  })

  it("serves the build's precompressed copy to a browser that accepts it, and the file to one that does not", async () => {
    const br = await raw(`${server.url}/assets/app-abc123.js`, "gzip, br")
    expect(br.encoding).toBe("br")
    expect(br.vary).toMatch(/accept-encoding/i)
    expect(br.body).toBe("brotli copy")
    const gz = await raw(`${server.url}/assets/app-abc123.js`, "gzip")
    expect([gz.encoding, gz.body]).toEqual(["gzip", "gzip copy"])
    const plain = await raw(`${server.url}/assets/app-abc123.js`, "identity")
    expect([plain.encoding, plain.body]).toEqual([undefined, "console.log('app')"])
  })

  it("serves files, hashed assets as immutable", async () => {
    const js = await server.fetch("/assets/app-abc123.js")
    expect(js.status).toBe(200)
    expect(js.headers.get("content-type")).toMatch(/javascript/)
    expect(js.headers.get("cache-control")).toMatch(/immutable/)
    expect((await server.fetch("/favicon.svg")).status).toBe(200)
  })

  it("answers 404, not index.html, for a missing file, an unknown API route or socket path", async () => {
    for (const path of ["/assets/missing-chunk.js", "/api/nope/", "/api/company/nope", "/ws/nope/"]) {
      const response = await server.fetch(path)
      expect(response.status, path).toBe(404)
      expect(await response.json()).toEqual({ detail: "Not found." })
    }
    expect((await server.fetch("/dashboard", { method: "POST" })).status).toBe(404)
  })

  it("sends a CSP the built app satisfies, with the configured API origin", async () => {
    const csp = (await server.fetch("/dashboard")).headers.get("content-security-policy") ?? ""
    const directives = new Map(
      csp.split(";").map((d) => {
        const [name = "", ...values] = d.trim().split(/\s+/)
        return [name, values] as const
      }),
    )
    expect(directives.get("default-src")).toEqual(["'self'"])
    // The one inline script, the early refresh, by the hash of its text: no other inline script may run.
    const early = createHash("sha256").update(EARLY_REFRESH_SCRIPT).digest("base64")
    expect(directives.get("script-src")).toEqual(["'self'", `'sha256-${early}'`])
    expect(directives.get("style-src")).toEqual(["'self'", "'unsafe-inline'"])
    expect(directives.get("img-src")).toEqual(["'self'", "data:"])
    expect(directives.get("font-src")).toEqual(["'self'", "data:"])
    expect(directives.get("worker-src")).toEqual(["'self'"])
    expect(directives.get("connect-src")).toEqual(["'self'", "ws:", "wss:", "https://api.example.com"])
    expect(csp).not.toMatch(/upgrade-insecure-requests/)
  })

  it("sends the same security headers on pages, files, API answers and refusals; API answers are never stored", async () => {
    const expected = {
      "x-content-type-options": "nosniff",
      "x-frame-options": "SAMEORIGIN",
      "referrer-policy": "no-referrer",
      "cross-origin-opener-policy": "same-origin",
      "cross-origin-resource-policy": "same-origin",
      "strict-transport-security": "max-age=31536000; includeSubDomains",
      "origin-agent-cluster": "?1",
      "x-dns-prefetch-control": "off",
      "x-permitted-cross-domain-policies": "none",
    }
    const page = await server.fetch("/dashboard")
    const csp = page.headers.get("content-security-policy")
    expect(csp).toMatch(/^default-src 'self';/)
    for (const [path, init, status, api] of [
      ["/dashboard", undefined, 200, false],
      ["/assets/app-abc123.js", undefined, 200, false],
      ["/api/v1/notifications/", undefined, 401, true],
      ["/api/nope/", undefined, 404, true],
      [
        "/api/company/login/",
        { method: "POST", body: "{", headers: { "content-type": "application/json" } },
        400,
        true,
      ],
    ] as const) {
      const response = await server.fetch(path, init)
      expect(response.status, path).toBe(status)
      for (const [name, value] of Object.entries(expected))
        expect(response.headers.get(name), `${path} ${name}`).toBe(value)
      expect(response.headers.get("content-security-policy"), path).toBe(csp)
      if (api) expect(response.headers.get("cache-control"), path).toBe("no-store")
    }
  })

  it("keeps the API working beside the files", async () => {
    await server.login("admin@example.com", "admin-demo-1")
  })
})

describe("without a build", () => {
  it("still serves the API and says how to build at /", async () => {
    const server = await startServer()
    try {
      const root = await server.fetch("/")
      expect(root.headers.get("content-type")).toMatch(/^text\/plain/)
      expect(await root.text()).toMatch(/npm run build/)
      expect((await server.fetch("/api/nope/")).status).toBe(404)
      await server.login("admin@example.com", "admin-demo-1")
    } finally {
      await server.close()
    }
  })
})
