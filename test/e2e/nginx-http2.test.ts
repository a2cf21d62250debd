// nginx terminating TLS with HTTP/2 in front of an instance (docs/operations.md#https-and-http2): the shipped
// configuration with the recipe's listen lines and a certificate made for the run. HTTP/2 is negotiated by
// ALPN, the app signs in over it in Chromium, the socket goes through the proxy, the refresh cookie is Secure.
import { connect } from "node:http2"
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEMO, launchBrowser, newPage, signIn } from "./browser"
import { findNginx, type NginxProxy, startNginx } from "./nginx-proxy"
import { makeSelfSigned, type SelfSigned } from "./self-signed"
import { type ServerProcess, startServerProcess } from "./server-process"

const nginx = findNginx()
let tls: SelfSigned
let server: ServerProcess
let proxy: NginxProxy
let browser: Browser

beforeAll(async () => {
  if (!nginx) return
  tls = makeSelfSigned()
  server = await startServerProcess({ TRUST_PROXY: "true", LOG_LEVEL: "warn" })
  proxy = await startNginx(nginx, [server.port], { tls })
  browser = await launchBrowser(["--ignore-certificate-errors"])
})
afterAll(async () => {
  await browser?.close()
  await proxy?.close()
  await server?.close()
  tls?.remove()
})

describe.skipIf(!nginx)("nginx with TLS and HTTP/2 in front", () => {
  it("negotiates h2 by ALPN and passes the API's answer through", async () => {
    const answer = await new Promise<{ alpn: string | false | undefined; status: number }>(
      (resolve, reject) => {
        const session = connect(proxy.url, { ca: tls.cert })
        session.on("error", reject)
        const req = session.request({ ":path": "/api/company/user/" })
        req.on("response", (headers) => {
          req.resume()
          req.on("end", () => {
            const alpn = session.alpnProtocol
            session.close()
            resolve({ alpn, status: Number(headers[":status"]) })
          })
        })
        req.on("error", reject)
        req.end()
      },
    )
    expect(answer).toEqual({ alpn: "h2", status: 401 })
  })

  it("signs in over it in Chromium, with a Secure refresh cookie and the live socket through the proxy", async () => {
    const { context, page } = await newPage(browser)
    const socketFrame = new Promise<string>((resolve) =>
      page.on("websocket", (ws) => ws.on("framereceived", () => resolve(ws.url()))),
    )
    await signIn(page, proxy.url, DEMO.coordinator.email, DEMO.coordinator.password)
    await page.waitForURL(`${proxy.url}/dashboard`)
    await page.getByRole("heading", { name: "Dashboard" }).waitFor()
    const protocol = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType("navigation")
      return navigation instanceof PerformanceNavigationTiming ? navigation.nextHopProtocol : null
    })
    expect(protocol).toBe("h2")
    const refresh = (await context.cookies()).find((c) => c.name === "refresh_token")
    expect(refresh?.secure).toBe(true)
    const socketUrl = await socketFrame
    expect(socketUrl.startsWith(`${proxy.url.replace(/^https/, "wss")}/ws/notifications/`)).toBe(true)
    await context.close()
  })
})
