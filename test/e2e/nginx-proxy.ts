// nginx with the repository's own configuration (deploy/nginx.conf), on a free port, in front of the given
// instances: the configuration the README tells people to run is the one the tests run.
import { type ChildProcess, execFileSync, spawn } from "node:child_process"
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { freePort } from "./server-process"

const CANDIDATES = ["/usr/sbin/nginx", "/usr/bin/nginx"]

/** The nginx binary, or null when it is not installed (`.ci/run` installs Debian's nginx-light). */
export function findNginx(): string | null {
  const found = CANDIDATES.find((path) => existsSync(path))
  if (found) return found
  try {
    return execFileSync("sh", ["-c", "command -v nginx"], { encoding: "utf8" }).trim() || null
  } catch {
    return null
  }
}

export interface NginxProxy {
  readonly url: string
  readonly output: () => string
  readonly close: () => Promise<void>
}

/**
 * The shipped configuration with its listen port and instance list replaced, plus an X-Upstream header naming
 * the instance that answered (a socket's upgrade too), so that a test can tell which tabs an instance held.
 */
export function renderConfig(template: string, port: number, instancePorts: readonly number[]): string {
  const begin = template.indexOf("# instances:begin")
  const end = template.indexOf("# instances:end")
  if (begin < 0 || end < 0 || !/listen 8080;/.test(template))
    throw new Error("deploy/nginx.conf lost its instance markers or its listen line")
  const servers = instancePorts
    .map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=10s;\n`)
    .join("")
  return `${template.slice(0, begin)}# instances:begin\n${servers}    ${template.slice(end)}`
    .replace("listen 8080;", `listen 127.0.0.1:${port};`)
    .replace(
      "proxy_pass http://backoffice;",
      "proxy_pass http://backoffice;\n      add_header X-Upstream $upstream_addr always;",
    )
}

export async function startNginx(binary: string, instancePorts: readonly number[]): Promise<NginxProxy> {
  const port = await freePort()
  const prefix = mkdtempSync(join(tmpdir(), "backoffice-nginx-"))
  // Started as root, nginx runs its workers as nobody: they must reach their temporary folders.
  chmodSync(prefix, 0o755)
  const config = join(prefix, "nginx.conf")
  writeFileSync(config, renderConfig(readFileSync("deploy/nginx.conf", "utf8"), port, instancePorts))
  let log = ""
  const child: ChildProcess = spawn(
    binary,
    ["-p", prefix, "-c", config, "-e", "stderr", "-g", "daemon off;"],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  )
  child.stdout?.on("data", (d: Buffer) => (log += d.toString()))
  child.stderr?.on("data", (d: Buffer) => (log += d.toString()))
  const url = `http://localhost:${port}`
  const deadline = Date.now() + 15_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${log}`)
    const up = await fetch(`${url}/api/company/user/`).then(
      (r) => r.status === 401,
      () => false,
    )
    if (up) break
    if (Date.now() > deadline) throw new Error(`nginx did not answer within 15 s:\n${log}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    url,
    output: () => log,
    close: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r))
        child.kill("SIGTERM")
        await exited
      }
      rmSync(prefix, { recursive: true, force: true })
    },
  }
}
