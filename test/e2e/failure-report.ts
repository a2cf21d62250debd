// A failed end-to-end test says why in CI's output, where no screenshot or trace can be opened: what each open
// page showed and heard last, and the end of each running server's log. Written to FAILURE_REPORT, which
// scripts/test-all.mjs prints before its last line.
import { appendFileSync, mkdirSync } from "node:fs"
import { dirname } from "node:path"
import type { Page } from "playwright-core"
import { beforeEach } from "vitest"
import { openBrowsers, pageEvents } from "./browser"
import { runningServers } from "./server-process"

const FAILURE_REPORT = "test-results/e2e-failures.txt"
const SERVER_LINES = 20
const PAGE_TEXT_CHARS = 400

const pageText = async (page: Page): Promise<string> => {
  try {
    const text = (await page.textContent("body", { timeout: 2_000 })) ?? ""
    return text.replace(/\s+/g, " ").slice(0, PAGE_TEXT_CHARS)
  } catch (error) {
    return `(unreadable: ${error instanceof Error ? error.message.split("\n")[0] : String(error)})`
  }
}

/** A server's JSON log line, shortened to what a reader scans for: when, what, how it ended. */
const shortLine = (line: string): string => {
  try {
    const entry: unknown = JSON.parse(line)
    if (typeof entry !== "object" || entry === null) return line
    const field = (key: string) => (key in entry ? String(Reflect.get(entry, key)) : "")
    const time = new Date(Number(field("time"))).toISOString().slice(11, 23)
    const request = field("method")
      ? ` ${field("method")} ${field("url")} ${field("status")} ${field("ms")}ms`
      : ""
    return `${time}${request} ${field("msg")}${field("err") ? ` ${field("err")}` : ""}`
  } catch {
    return line
  }
}

async function report(name: string, errors: ReadonlyArray<{ readonly message?: string }>): Promise<string> {
  const lines = [`## ${name}`, ...errors.slice(0, 1).map((e) => `error: ${(e.message ?? "").split("\n")[0]}`)]
  for (const browser of openBrowsers)
    for (const context of browser.contexts())
      for (const page of context.pages()) {
        lines.push(`page ${page.url()}`, `  shows: ${await pageText(page)}`)
        for (const event of pageEvents.get(page) ?? []) lines.push(`  ${event}`)
      }
  for (const server of runningServers) {
    lines.push(`server ${server.url}, last lines:`)
    for (const line of server.output().trimEnd().split("\n").slice(-SERVER_LINES))
      lines.push(`  ${shortLine(line).slice(0, 240)}`)
  }
  return `${lines.join("\n")}\n\n`
}

beforeEach(({ task, onTestFailed }) => {
  onTestFailed(async () => {
    const text = await report(`${task.file?.name ?? ""} > ${task.name}`, task.result?.errors ?? [])
    mkdirSync(dirname(FAILURE_REPORT), { recursive: true })
    appendFileSync(FAILURE_REPORT, text)
  })
})
