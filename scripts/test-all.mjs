// `npm test`: types, lint, then every Vitest project (unit, model, contract, end-to-end in Chromium).
// Ends with one line `N passed, N failed` that sums all runners, as .ci/run requires.
import { spawnSync } from "node:child_process"
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs"
import { ensureChromium } from "./chromium-check.mjs"

// CI shows only the end of the output: the report keeps to its first lines, the first failure's.
const FAILURE_LINES_SHOWN = 60

let passed = 0
let failed = 0

function step(name, cmd, args) {
  console.log(`\n▶ ${name}: ${cmd} ${args.join(" ")}`)
  const res = spawnSync(cmd, args, { stdio: "inherit" })
  if (res.status === 0) passed += 1
  else {
    failed += 1
    console.log(`✗ ${name} failed (exit ${res.status ?? res.signal})`)
  }
  return res.status === 0
}

const projects = process.argv.slice(2)
// Checked first: without a browser the end-to-end half of the run cannot pass, so it stops before the rest.
if ((projects.length === 0 || projects.includes("e2e")) && !ensureChromium()) {
  console.log("0 passed, 1 failed")
  process.exit(1)
}

step("types", "npx", ["tsc", "--noEmit", "-p", "."])
step("lint", "npx", ["biome", "check", "."])

mkdirSync("test-results", { recursive: true })
const report = "test-results/vitest.json"
rmSync(report, { force: true })
// The model path tests write what they cover here during the run (test/model/coverage.ts).
rmSync("test-results/model-coverage", { recursive: true, force: true })
// What failed end-to-end tests' pages and servers showed (test/e2e/failure-report.ts), printed at the end.
const failureReport = "test-results/e2e-failures.txt"
rmSync(failureReport, { force: true })
const vitestArgs = ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`]
for (const p of projects) vitestArgs.push("--project", p)
console.log(`\n▶ tests: npx ${vitestArgs.join(" ")}`)
const run = spawnSync("npx", vitestArgs, { stdio: "inherit" })
try {
  const result = JSON.parse(readFileSync(report, "utf8"))
  passed += result.numPassedTests
  failed += result.numFailedTests
  // A suite that failed to load has no tests to count, but it is a failure all the same.
  failed += result.testResults.filter((r) => r.status === "failed" && r.assertionResults.length === 0).length
} catch {
  failed += 1
  console.log("✗ vitest wrote no report")
}
if (run.status !== 0 && failed === 0) failed += 1

// Every machine's states and transitions taken by its path tests, read from the run above (not a second run).
if (projects.length === 0 || projects.includes("unit"))
  step("model coverage", "node", ["--import", "tsx", "scripts/model-coverage.ts", "--no-run"])

if (existsSync(failureReport)) {
  const lines = readFileSync(failureReport, "utf8").trimEnd().split("\n")
  console.log(`\n▶ what the failed end-to-end tests' pages and servers showed (${failureReport})`)
  console.log(lines.slice(0, FAILURE_LINES_SHOWN).join("\n"))
}

console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)
