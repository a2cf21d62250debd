import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { NOTE_TOO_LONG } from "../../../src/machines/marketplace/notes.machine"
import { NOTE_MAX_LENGTH, RecordNoteList } from "../../../src/schema/marketplace/notes"
import { CompanyApplicationPage, MaintenanceRequestPage } from "../../../src/schema/marketplace/record-pages"
import { formatWhen } from "../../../src/views/marketplace/format"
import { DEMO, launchBrowser, newPage, signIn } from "../browser"
import { type ServerProcess, startServerProcess } from "../server-process"
import { readApi } from "../setup-data"

// Internal notes in Chromium against a real server (docs/behaviour.md#internal-notes): two colleagues have the
// same record open; the admin writes a note that mentions the coordinator. It reaches the coordinator's open
// page without a reload, with its author and time; the coordinator's bell has a notification of the type that
// fits the record, and following it lands on the note. A note over the limit is refused in the form with the
// text kept, and a mention of nobody stays plain text.

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

type Account = (typeof DEMO)[keyof typeof DEMO]

async function openRecord(account: Account, path: string) {
  const { context, page } = await newPage(browser)
  await signIn(page, server.url, account.email, account.password)
  await page.waitForURL(`${server.url}/dashboard`)
  await page.goto(`${server.url}${path}`)
  await noteBox(page).waitFor()
  return { context, page }
}

const notesOf = (page: Page) => page.getByRole("region", { name: "Internal notes" })
const noteBox = (page: Page) => notesOf(page).getByRole("textbox", { name: /^Add a note/ })
const noteItem = (page: Page, text: string) =>
  notesOf(page).getByRole("list", { name: "Notes" }).getByRole("listitem").filter({ hasText: text })
const bell = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^Notifications/ })
const panel = (page: Page) => page.getByRole("dialog", { name: "Notifications" })

/** Writes a note as a user does: into the box, then the button. */
async function writeNote(page: Page, body: string) {
  await noteBox(page).click()
  await page.keyboard.type(body)
  await notesOf(page).getByRole("button", { name: "Add note" }).click()
}

/** Whether the element's box lies within the window: the page was brought to it. */
const inView = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => {
    const box = el.getBoundingClientRect()
    return box.top >= 0 && box.bottom <= window.innerHeight
  })

/**
 * The admin mentions the coordinator on a record both have open: the note arrives on the coordinator's page
 * live, the bell names it with the type given, and following it lands on the note. Gives the note's uuid.
 */
async function mentionReaches(opts: {
  detailsPath: string
  notesApi: string
  body: string
  typeLabel: string
}) {
  const admin = await openRecord(DEMO.admin, opts.detailsPath)
  const coordinator = await openRecord(DEMO.coordinator, opts.detailsPath)
  // A mark on the coordinator's document: a reload would lose it.
  await coordinator.page.evaluate(() => {
    document.body.dataset.e2eKept = "yes"
  })

  await writeNote(admin.page, opts.body)
  // The form starts empty again once the note is saved.
  await expect.poll(() => noteBox(admin.page).inputValue()).toBe("")

  const saved = await readApi(server.url, DEMO.coordinator, opts.notesApi, RecordNoteList)
  const note = saved.results.find((n) => n.body === opts.body)
  if (!note) throw new Error("the note was not saved")
  expect(note.mentions.map((m) => m.full_name)).toEqual(["Corey Coordinator"])

  // No reload: the coordinator's page heard of the note, with who wrote it and when.
  const arrived = noteItem(coordinator.page, opts.body)
  await arrived.waitFor()
  expect(await arrived.textContent()).toContain(`Ada Admin · ${formatWhen(note.created_at)}`)
  expect(await coordinator.page.evaluate(() => document.body.dataset.e2eKept)).toBe("yes")

  // The bell has it, of the record's type; its page opens the note.
  await bell(coordinator.page).click()
  const row = panel(coordinator.page).getByRole("listitem").filter({ hasText: opts.body })
  await row.waitFor()
  await row.getByRole("img", { name: opts.typeLabel, exact: true }).waitFor()
  await row.getByRole("link", { name: /Ada Admin mentioned you/ }).click()
  await coordinator.page.getByRole("button", { name: "Open" }).click()
  await coordinator.page.waitForURL(`${server.url}${opts.detailsPath}#note-${note.uuid}`)
  await coordinator.page.locator(`#note-${note.uuid}`).filter({ hasText: opts.body }).waitFor()
  await expect.poll(() => inView(coordinator.page, `#note-${note.uuid}`)).toBe(true)
  // Focus is on the note too, so that a keyboard or screen reader user goes on from there.
  expect(await coordinator.page.evaluate(() => document.activeElement?.id)).toBe(`note-${note.uuid}`)

  await coordinator.context.close()
  return { admin, note }
}

describe("internal notes in Chromium", () => {
  it("a mention on a maintenance request: live, in the bell as an approval, lands on the note", async () => {
    const requests = await readApi(
      server.url,
      DEMO.admin,
      "/api/v1/maintenance-requests/?status=approved&page_size=1",
      MaintenanceRequestPage,
    )
    const request = requests.results[0]
    if (!request) throw new Error("the demo data has no approved maintenance request")
    const notesApi = `/api/v1/maintenance-requests/${request.uuid}/notes/`
    const { admin } = await mentionReaches({
      detailsPath: `/maintenance-request-details/${request.uuid}`,
      notesApi,
      body: "Spoke to the tenant: mornings only. @Corey can you book the visit?",
      typeLabel: "Approval",
    })
    const { page } = admin

    // Over the limit: refused in the form, saying the limit, and nothing typed is lost.
    const tooLong = `Long history of the boiler. ${"x".repeat(NOTE_MAX_LENGTH)}`
    await noteBox(page).click()
    await page.keyboard.insertText(tooLong)
    await notesOf(page).getByRole("button", { name: "Add note" }).click()
    await notesOf(page).getByRole("alert").filter({ hasText: NOTE_TOO_LONG }).waitFor()
    expect(await noteBox(page).inputValue()).toBe(tooLong)
    await notesOf(page)
      .getByText(`${tooLong.length.toLocaleString("en-GB")} / 2,000 characters`)
      .waitFor()
    const before = await readApi(server.url, DEMO.admin, notesApi, RecordNoteList)
    expect(before.results.some((n) => n.body.startsWith("Long history"))).toBe(false)

    // A mention of nobody is plain text: saved as written, naming nobody, shown without a link.
    await noteBox(page).press("ControlOrMeta+a")
    await page.keyboard.press("Delete")
    const plain = "Asked @nobody-here about the keys; the caretaker has them."
    await writeNote(page, plain)
    const shown = noteItem(page, plain)
    await shown.waitFor()
    expect(await shown.getByRole("link").count()).toBe(0)
    const after = await readApi(server.url, DEMO.admin, notesApi, RecordNoteList)
    expect(after.results.find((n) => n.body === plain)?.mentions).toEqual([])
    await admin.context.close()
  })

  it("a mention on a company application: live, in the bell as a company update, lands on the note", async () => {
    const applications = await readApi(
      server.url,
      DEMO.admin,
      "/api/v1/company-applications/?status=pending&page_size=1",
      CompanyApplicationPage,
    )
    const application = applications.results[0]
    if (!application) throw new Error("the demo data has no pending company application")
    const { admin } = await mentionReaches({
      detailsPath: `/website-coordinator/company-verification/applications/${application.uuid}`,
      notesApi: `/api/v1/company-applications/${application.uuid}/notes/`,
      // The part of the email before the @ names the coordinator as well.
      body: "Their insurance letter is unsigned; @coordinator please ask for a signed copy.",
      typeLabel: "Company update",
    })
    await admin.context.close()
  })
})
