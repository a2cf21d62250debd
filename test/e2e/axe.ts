import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import type axe from "axe-core"
import type { Page } from "playwright-core"

// axe-core, evaluated straight into the page: an evaluate runs outside the page's Content-Security-Policy,
// which would refuse an injected <script> (and the policy is part of what the run checks).
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8")

declare global {
  interface Window {
    /** axe-core, once a test has evaluated its source into the page. */
    axe?: typeof axe
  }
}

export interface AxeFinding {
  readonly where: string
  readonly id: string
  readonly impact: string
  readonly help: string
  readonly targets: ReadonlyArray<string>
}

/** The serious and critical violations axe finds in the page as it is now (open panels and dialogs included). */
export async function seriousViolations(page: Page, where: string): Promise<AxeFinding[]> {
  const loaded = await page.evaluate(() => "axe" in window)
  if (!loaded) await page.evaluate(AXE_SOURCE)
  const violations = await page.evaluate(async () => {
    if (!window.axe) throw new Error("axe-core is not in the page")
    const result = await window.axe.run(document, { resultTypes: ["violations"] })
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? "",
      help: v.help,
      targets: v.nodes.map((n) => `${n.target.join(" ")} ${n.html.slice(0, 120)} ${n.failureSummary ?? ""}`),
    }))
  })
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ where, ...v }))
}
