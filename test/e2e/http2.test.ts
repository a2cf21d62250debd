// The server terminating TLS itself (TLS_CERT_FILE, TLS_KEY_FILE): HTTP/2 negotiated by ALPN for the app and the
// API, the socket over an HTTP/1.1 upgrade on the same port, the refresh cookie Secure; and Chromium signs in.
import { connect } from "node:http2"
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEMO, launchBrowser, newPage, signIn } from "./browser"
import { makeSelfSigned, type SelfSigned } from "./self-signed"
import { type ServerProcess, startServerProcess } from "./server-process"

let tls: SelfSigned
let server: ServerProcess
let browser: Browser

beforeAll(async () => {
  tls = makeSelfSigned()
  server = await startServerProcess(
    { TLS_CERT_FILE: tls.certFile, TLS_KEY_FILE: tls.keyFile },
    { tlsCa: tls.cert },
  )
  browser = await launchBrowser(["--ignore-certificate-errors"])
})
afterAll(async () => {
  await browser?.close()
  await server?.close()
  tls?.remove()
})

/** One HTTP/2 request on a session that verified the certificate: the protocol ALPN chose and the status. */
function getOverHttp2(path: string): Promise<{ alpn: string | false | undefined; status: number }> {
  return new Promise((resolve, reject) => {
    const session = connect(server.url, { ca: tls.cert })
    session.on("error", reject)
    const req = session.request({ ":path": path })
    req.on("response", (headers) => {
      const alpn = session.alpnProtocol
      req.resume()
      req.on("end", () => {
        session.close()
        resolve({ alpn, status: Number(headers[":status"]) })
      })
    })
    req.on("error", reject)
    req.end()
  })
}

describe("HTTP/2 where the server terminates TLS", () => {
  it("negotiates h2 by ALPN for the app and the API", async () => {
    expect(server.url).toMatch(/^https:/)
    await expect(getOverHttp2("/login")).resolves.toEqual({ alpn: "h2", status: 200 })
    await expect(getOverHttp2("/api/company/user/")).resolves.toEqual({ alpn: "h2", status: 401 })
  })

  it("signs in over it in Chromium, with a Secure refresh cookie and the live socket open", async () => {
    const { context, page } = await newPage(browser)
    const socketFrame = new Promise<string>((resolve) =>
      page.on("websocket", (ws) => ws.on("framereceived", () => resolve(ws.url()))),
    )
    await signIn(page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
    await page.waitForURL(`${server.url}/dashboard`)
    await page.getByRole("heading", { name: "Dashboard" }).waitFor()
    const protocol = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType("navigation")
      return navigation instanceof PerformanceNavigationTiming ? navigation.nextHopProtocol : null
    })
    expect(protocol).toBe("h2")
    const refresh = (await context.cookies()).find((c) => c.name === "refresh_token")
    expect(refresh?.secure).toBe(true)
    await expect(socketFrame).resolves.toMatch(/^wss:\/\/localhost:\d+\//)
    await context.close()
  })
})
