import { execFileSync } from "node:child_process"
import { existsSync } from "node:fs"

/**
 * The app built with the fake PushMessaging (VITE_PUSH_FAKE=1), apart from the real build in dist: the real
 * one must never carry the fake, and bundle.test.ts checks it for firebase. Under test-results/, which git
 * and the linter already ignore. Built by the push suite itself, so only that file pays for it.
 */
export const PUSH_FAKE_DIST = "test-results/push-fake-dist"

export function buildPushFake(): void {
  if (process.env.E2E_SKIP_BUILD === "1" && existsSync(`${PUSH_FAKE_DIST}/index.html`)) return
  execFileSync("npx", ["vite", "build", "--logLevel", "warn", "--outDir", PUSH_FAKE_DIST, "--emptyOutDir"], {
    stdio: "inherit",
    // Production React, as global-setup.ts builds; no firebase configuration, so only the fake can answer.
    env: { ...process.env, NODE_ENV: "production", VITE_PUSH_FAKE: "1" },
  })
}
