// `npm run test:model`: runs the path tests of test/model, then prints per machine of src/machines the states
// and transitions they took against the totals, and exits non-zero unless every machine is fully covered.
// `--no-run` only reads what a test run already recorded (scripts/test-all.mjs, after its one Vitest run).
// `--machines DIR` and `--results DIR` point it elsewhere (its own tests do).
import { spawnSync } from "node:child_process"
import { rmSync } from "node:fs"
import { parseArgs } from "node:util"
import { COVERAGE_DIR } from "../test/model/coverage-dir"
import {
  compareCoverage,
  discoverMachines,
  formatCoverage,
  readRecorded,
} from "../test/model/coverage-report"

const { values } = parseArgs({
  options: {
    "no-run": { type: "boolean", default: false },
    machines: { type: "string", default: "src/machines" },
    results: { type: "string", default: COVERAGE_DIR },
  },
})
const results = values.results

let testsPassed = true
if (!values["no-run"]) {
  rmSync(results, { recursive: true, force: true })
  const args = ["vitest", "run", "--project", "unit", "test/model/"]
  console.log(`▶ npx ${args.join(" ")}`)
  const run = spawnSync("npx", args, {
    stdio: "inherit",
    env: { ...process.env, MODEL_COVERAGE_DIR: results },
  })
  testsPassed = run.status === 0
}

const machines = await discoverMachines(values.machines).catch((error: unknown) => {
  console.log(`✗ ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
const coverage = compareCoverage(machines, readRecorded(results))
console.log(`\nModel coverage: path tests replayed on the real machines (${values.machines})\n`)
console.log(formatCoverage(coverage))
const incomplete = coverage.filter((c) => !c.complete).length
if (!testsPassed) console.log("\n✗ the path tests failed")
if (incomplete > 0) console.log(`\n✗ ${incomplete} machine(s) not fully covered`)
process.exit(testsPassed && incomplete === 0 ? 0 : 1)
