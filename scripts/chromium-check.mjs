// Before `npm test` spends minutes on types, lint and unit tests, make sure the end-to-end tests can start a
// browser: without Chromium every end-to-end file fails on the same launch error. As root with apt-get (a
// fresh CI machine) it is installed the way .ci/run does; otherwise the run stops at once, saying what to run.
import { spawnSync } from "node:child_process"
import { existsSync } from "node:fs"

export const DEBIAN_CHROMIUM = "/usr/bin/chromium"

/**
 * What to do about the browser: "ok", "install" (with apt-get), or "stop" with the one line to print.
 * A custom CHROMIUM_PATH is never installed over: apt-get puts Chromium at its own path, not there.
 */
export function chromiumPlan({ path, custom, exists, isRoot, hasApt }) {
  if (exists) return { action: "ok" }
  if (!custom && isRoot && hasApt) return { action: "install" }
  const how = custom
    ? `install Chromium there or unset CHROMIUM_PATH to use ${DEBIAN_CHROMIUM}`
    : "run `sudo apt-get install chromium` (Debian, Ubuntu), or set CHROMIUM_PATH to a Chromium binary"
  return {
    action: "stop",
    message: `✗ The end-to-end tests need Chromium at ${path}: ${how}, then npm test again.`,
  }
}

/** Makes sure Chromium is there; returns false (after printing why) when the run cannot go on. */
export function ensureChromium(env = process.env) {
  const custom = Boolean(env.CHROMIUM_PATH)
  const path = env.CHROMIUM_PATH || DEBIAN_CHROMIUM
  const plan = chromiumPlan({
    path,
    custom,
    exists: existsSync(path),
    isRoot: process.getuid?.() === 0,
    hasApt: spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0,
  })
  if (plan.action === "ok") return true
  if (plan.action === "stop") {
    console.log(plan.message)
    return false
  }
  console.log(`▶ Chromium is missing at ${path}: installing Debian's chromium with apt-get, as .ci/run does`)
  const install = spawnSync("sh", ["-c", "apt-get update -q && apt-get install -y -q chromium"], {
    stdio: "inherit",
    env: { ...env, DEBIAN_FRONTEND: "noninteractive" },
  })
  if (install.status === 0 && existsSync(path)) return true
  console.log(
    `✗ apt-get could not install Chromium at ${path}: run \`apt-get install chromium\` and read its error.`,
  )
  return false
}
