import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DocumentList } from "../../../src/schema/documents/document"
import { isImage } from "../../../src/schema/documents/kinds"
import { CompanyApplicationPage, WorkRequestPage } from "../../../src/schema/marketplace/record-pages"
import { linkTo } from "../../../src/schema/system/app-routes"
import { DEMO, launchBrowser, newPage, signIn } from "../browser"
import { type ServerProcess, startServerProcess } from "../server-process"
import { readApi } from "../setup-data"

// The seeded demo's stored files in the browser: an application's documents (a PDF that opens in a new tab and
// downloads, an identity image that opens in the page) and a request's photos (next and previous with the
// arrow keys, zoom, Escape closes and gives focus back).

let server: ServerProcess
let browser: Browser

beforeAll(async () => {
  server = await startServerProcess()
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await server?.close()
})

const documentsOf = (uuid: string) =>
  readApi(server.url, DEMO.admin, `/api/v1/records/${uuid}/documents/`, DocumentList)

/** The first record whose stored files pass the test. */
async function findRecord(uuids: readonly string[], fits: (list: DocumentList) => boolean): Promise<string> {
  for (const uuid of uuids) if (fits(await documentsOf(uuid))) return uuid
  throw new Error("no seeded record fits")
}

async function signedIn() {
  const opened = await newPage(browser)
  await signIn(opened.page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
  await opened.page.waitForURL(`${server.url}/dashboard`)
  return opened
}

describe("stored documents in Chromium", () => {
  it("lists an application's documents with their facts; a PDF opens inline in a new tab and downloads", async () => {
    const page1 = await readApi(
      server.url,
      DEMO.admin,
      "/api/v1/company-applications/?page_size=50",
      CompanyApplicationPage,
    )
    const uuid = await findRecord(
      page1.results.map((a) => a.uuid),
      (l) =>
        l.documents.some((d) => d.kind === "insurance") && l.documents.some((d) => isImage(d.content_type)),
    )
    const { context, page } = await signedIn()
    await page.goto(`${server.url}${linkTo.details("application", uuid)}`)
    const list = page.getByRole("list", { name: "Stored documents" })
    await list.waitFor()
    await expect(page.getByText("Files are not stored in this demo").count()).resolves.toBe(0)
    const insurance = list.getByRole("listitem").filter({ hasText: "public-liability-insurance.pdf" })
    await expect(insurance.textContent()).resolves.toMatch(
      /Insurance · IN-\d+ · \w.* · valid until \d{4}-\d{2}-\d{2}/,
    )
    const open = insurance.getByRole("link", { name: "Open public-liability-insurance.pdf" })
    expect(await open.getAttribute("target")).toBe("_blank")
    const download = insurance.getByRole("link", { name: "Download public-liability-insurance.pdf" })
    expect(await download.getAttribute("download")).toBe("public-liability-insurance.pdf")
    // What the new tab gets, without the bearer token: the PDF itself, inline and inert.
    const href = (await open.getAttribute("href")) ?? ""
    const answer = await context.request.get(href)
    expect(answer.status()).toBe(200)
    expect(answer.headers()).toMatchObject({
      "content-type": "application/pdf",
      "content-security-policy": "sandbox",
      "x-content-type-options": "nosniff",
    })
    expect(answer.headers()["content-disposition"]).toMatch(
      /^inline; filename="public-liability-insurance.pdf"/,
    )
    expect((await answer.body()).subarray(0, 5).toString()).toBe("%PDF-")
    const attachment = await context.request.get((await download.getAttribute("href")) ?? "")
    expect(attachment.headers()["content-disposition"]).toMatch(/^attachment; /)
    await context.close()
  })

  it("opens a request's photos in the page: next and previous by key, zoom, Escape gives focus back", async () => {
    const work = await readApi(server.url, DEMO.admin, "/api/v1/work-requests/?page_size=50", WorkRequestPage)
    const uuid = await findRecord(
      work.results.map((r) => r.uuid),
      (l) => l.documents.filter((d) => isImage(d.content_type)).length >= 2,
    )
    const photos = (await documentsOf(uuid)).documents
    const [first, second] = photos
    if (!first || !second) throw new Error("two photos expected")
    const { context, page } = await signedIn()
    await page.goto(`${server.url}${linkTo.details("work", uuid)}`)
    const thumb = page.getByRole("button", { name: `View ${first.file_name}` })
    await thumb.click()
    const dialog = page.getByRole("dialog", { name: first.file_name })
    await dialog.waitFor()
    // The dialog is named by the open image, which changes: the picture is found in whichever dialog is open.
    const image = page.getByRole("dialog").getByRole("img")
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(320)
    await page.keyboard.press("+")
    expect(await image.getAttribute("data-zoom")).toBe("1.5")
    await page.keyboard.press("ArrowRight")
    await page.getByRole("dialog", { name: second.file_name }).waitFor()
    expect(await image.getAttribute("data-zoom")).toBe("1")
    await page.keyboard.press("ArrowLeft")
    await page.getByRole("dialog", { name: first.file_name }).waitFor()
    await page.keyboard.press("Escape")
    await dialog.waitFor({ state: "hidden" })
    await expect.poll(() => thumb.evaluate((el) => el === document.activeElement)).toBe(true)
    await context.close()
  })

  it("tells a read-only user that documents are for staff, and fetches none", async () => {
    const { context, page } = await newPage(browser)
    await signIn(page, server.url, DEMO.viewer.email, DEMO.viewer.password)
    await page.waitForURL(`${server.url}/dashboard`)
    const apps = await readApi(
      server.url,
      DEMO.admin,
      "/api/v1/company-applications/?page_size=1",
      CompanyApplicationPage,
    )
    const requested: string[] = []
    page.on("request", (r) => {
      if (r.url().includes("/documents/")) requested.push(r.url())
    })
    await page.goto(`${server.url}${linkTo.details("application", apps.results[0]?.uuid ?? "")}`)
    await page.getByText("Shown to staff who decide records.").waitFor()
    expect(requested).toEqual([])
    await context.close()
  })
})
