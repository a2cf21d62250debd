import { spawnSync } from "node:child_process"
import { describe, expect, it } from "vitest"
import { chromiumPlan } from "../../scripts/chromium-check.mjs"

const missing = { path: "/usr/bin/chromium", custom: false, exists: false }

describe("npm test without Chromium", () => {
  it("goes on when the browser is there", () => {
    expect(chromiumPlan({ ...missing, exists: true, isRoot: false, hasApt: false }).action).toBe("ok")
  })

  it("installs it with apt-get as root, as .ci/run does", () => {
    expect(chromiumPlan({ ...missing, isRoot: true, hasApt: true }).action).toBe("install")
  })

  it("stops with what to run when it cannot install", () => {
    for (const machine of [
      { isRoot: false, hasApt: true },
      { isRoot: true, hasApt: false },
    ]) {
      const plan = chromiumPlan({ ...missing, ...machine })
      expect(plan.action).toBe("stop")
      expect(plan.message).toContain("apt-get install chromium")
    }
  })

  it("never installs over a custom CHROMIUM_PATH", () => {
    const plan = chromiumPlan({
      path: "/opt/x/chrome",
      custom: true,
      exists: false,
      isRoot: true,
      hasApt: true,
    })
    expect(plan.action).toBe("stop")
    expect(plan.message).toContain("/opt/x/chrome")
  })

  it("stops at once, before types and lint, with one line and the count", () => {
    const run = spawnSync("node", ["scripts/test-all.mjs", "e2e"], {
      env: { ...process.env, CHROMIUM_PATH: "/nonexistent/chromium" },
      encoding: "utf8",
    })
    expect(run.status).toBe(1)
    const lines = run.stdout.trim().split("\n")
    expect(lines).toHaveLength(2)
    expect(lines[0]).toContain("Chromium at /nonexistent/chromium")
    expect(lines[1]).toBe("0 passed, 1 failed")
  })
})
