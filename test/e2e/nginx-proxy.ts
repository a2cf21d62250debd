// nginx with the repository's own configuration (deploy/nginx.conf), on a free port, in front of the given
// instances: the configuration the README tells people to run is the one the tests run.
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process"
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { request } from "node:https"
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

/** TLS at the proxy, with HTTP/2 (docs/operations.md#https-and-http2): the certificate's files and its PEM. */
export interface NginxTls {
  readonly certFile: string
  readonly keyFile: string
  readonly cert: string
}

/**
 * The listen line of a TLS server with HTTP/2, as docs/operations.md gives it: `http2 on;` from nginx 1.25.1,
 * the listen line's `http2` parameter before (Debian 12 ships 1.22).
 */
export function tlsListen(address: string, version: string, tls: Omit<NginxTls, "cert">): string {
  const [major = 0, minor = 0, patch = 0] = version.split(".").map(Number)
  const directive = major > 1 || minor > 25 || (minor === 25 && patch >= 1)
  return [
    directive ? `listen ${address} ssl;\n    http2 on;` : `listen ${address} ssl http2;`,
    `ssl_certificate ${tls.certFile};`,
    `ssl_certificate_key ${tls.keyFile};`,
  ].join("\n    ")
}

/** The installed nginx's version, from `nginx -v` (which prints to stderr). */
export function nginxVersion(binary: string): string {
  const { stdout, stderr } = spawnSync(binary, ["-v"], { encoding: "utf8" })
  const found = /nginx\/(\d+\.\d+\.\d+)/.exec(`${stdout}${stderr}`)
  if (!found?.[1]) throw new Error("nginx -v printed no version")
  return found[1]
}

/**
 * The shipped configuration with its listen port and instance list replaced, plus an X-Upstream header naming
 * the instance that answered (a socket's upgrade too), so that a test can tell which tabs an instance held.
 */
export function renderConfig(
  template: string,
  port: number,
  instancePorts: readonly number[],
  listen: (address: string) => string = (address) => `listen ${address};`,
): string {
  const begin = template.indexOf("# instances:begin")
  const end = template.indexOf("# instances:end")
  if (begin < 0 || end < 0 || !/listen 8080;/.test(template))
    throw new Error("deploy/nginx.conf lost its instance markers or its listen line")
  const servers = instancePorts
    .map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=10s;\n`)
    .join("")
  return `${template.slice(0, begin)}# instances:begin\n${servers}    ${template.slice(end)}`
    .replace("listen 8080;", listen(`127.0.0.1:${port}`))
    .replace(
      "proxy_pass http://backoffice;",
      "proxy_pass http://backoffice;\n      add_header X-Upstream $upstream_addr always;",
    )
}

/** Whether the proxy answers over TLS, trusting the test's own certificate. */
const answersOverTls = (url: string, ca: string): Promise<boolean> =>
  new Promise((resolve) => {
    const req = request(`${url}/api/company/user/`, { ca }, (res) => {
      res.resume()
      resolve(res.statusCode === 401)
    })
    req.on("error", () => resolve(false))
    req.end()
  })

export async function startNginx(
  binary: string,
  instancePorts: readonly number[],
  options: { readonly tls?: NginxTls } = {},
): Promise<NginxProxy> {
  const port = await freePort()
  const tls = options.tls
  const version = tls ? nginxVersion(binary) : ""
  const prefix = mkdtempSync(join(tmpdir(), "backoffice-nginx-"))
  // Started as root, nginx runs its workers as nobody: they must reach their temporary folders.
  chmodSync(prefix, 0o755)
  const config = join(prefix, "nginx.conf")
  writeFileSync(
    config,
    renderConfig(
      readFileSync("deploy/nginx.conf", "utf8"),
      port,
      instancePorts,
      tls ? (address) => tlsListen(address, version, tls) : undefined,
    ),
  )
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
  const url = `${tls ? "https" : "http"}://localhost:${port}`
  const deadline = Date.now() + 15_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${log}`)
    const up = tls
      ? await answersOverTls(url, tls.cert)
      : await fetch(`${url}/api/company/user/`).then(
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
