// Cold start: from `npm start` (build, then serve) and from `npm run serve` (serve only) to the first answered
// request, with an existing data folder (the first start, which creates and seeds it, is not counted).
// Usage: node --import tsx bench/cold-start.ts [--runs 3]
import { type ChildProcess, spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"

const at = process.argv.indexOf("--runs")
const RUNS = at > 0 ? Number(process.argv[at + 1]) || 3 : 3

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, "127.0.0.1", () => {
      const address = srv.address()
      srv.close(() => resolve(typeof address === "object" && address ? address.port : 0))
    })
  })
}

/** Milliseconds from spawning `npm run <script>` to the first HTTP answer; the server is stopped after. */
async function timeStart(script: string, dataDir: string): Promise<number> {
  const port = await freePort()
  const started = performance.now()
  const child: ChildProcess = spawn("npm", ["run", "--silent", script], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: "ignore",
    detached: true,
  })
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm run ${script} exited with ${child.exitCode}`)
      const answered = await fetch(`http://127.0.0.1:${port}/api/company/user/`).then(
        () => true,
        () => false,
      )
      if (answered) return performance.now() - started
      await new Promise((r) => setTimeout(r, 20))
    }
  } finally {
    // npm starts the server as its grandchild: stop the whole group, and wait for the data folder's lock.
    if (child.pid) process.kill(-child.pid, "SIGTERM")
    await new Promise((r) => child.once("exit", r))
  }
}

const dataDir = mkdtempSync(join(tmpdir(), "bench-cold-"))
try {
  await timeStart("serve", dataDir) // creates, migrates and seeds the data folder
  const rows = []
  for (const script of ["start", "serve"]) {
    const times: number[] = []
    for (let i = 0; i < RUNS; i++) times.push(await timeStart(script, dataDir))
    times.sort((a, b) => a - b)
    rows.push({
      command: `npm ${script === "start" ? "start" : "run serve"}`,
      "median ms": Math.round(times[Math.floor(times.length / 2)] ?? 0),
      "min ms": Math.round(times[0] ?? 0),
      "max ms": Math.round(times.at(-1) ?? 0),
    })
  }
  console.log(`cold start to the first answered request, existing data folder, ${RUNS} runs each`)
  console.table(rows)
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}
