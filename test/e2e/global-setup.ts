import { execFileSync } from "node:child_process"
import { createPgliteTemplate } from "./pglite-template"

/** End-to-end tests drive the built app: build it once per run, as `npm start` would. */
export default async function setup() {
  await createPgliteTemplate()
  if (process.env.E2E_SKIP_BUILD === "1") return
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build: build as production.
  execFileSync("npx", ["vite", "build", "--logLevel", "warn"], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  })
  execFileSync("node", ["scripts/compress-dist.mjs"], { stdio: "inherit" })
}
