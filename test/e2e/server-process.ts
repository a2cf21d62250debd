import { type ChildProcess, spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { request } from "node:https"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { copyPgliteTemplate } from "./pglite-template"

export interface ServerProcess {
  readonly url: string
  readonly port: number
  readonly dataDir: string
  /** Everything the server printed, for assertions such as "no token in the logs". */
  readonly output: () => string
  readonly stop: (signal?: NodeJS.Signals) => Promise<void>
  readonly restart: () => Promise<void>
  readonly close: () => Promise<void>
}

/** Servers still running, for the report on a failed test (./failure-report.ts). */
export const runningServers = new Set<ServerProcess>()

/** An access token (a JWT) or a refresh cookie with its value, as either would look in a log line. */
const TOKEN_IN_LOG = [/eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/g, /refresh_token=(?!;|\[redacted\])[^;\s",]{20,}/g]

/** Every token-looking string in a server's output (none is the only right answer). */
export const tokensInLog = (output: string): string[] => TOKEN_IN_LOG.flatMap((re) => output.match(re) ?? [])

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.once("error", reject)
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address()
      const port = typeof address === "object" && address ? address.port : 0
      srv.close(() => resolve(port))
    })
  })
}

/** Whether a server that terminates TLS answers at all, trusting the test's own certificate. */
const answersOverTls = (url: string, ca: string): Promise<boolean> =>
  new Promise((resolve) => {
    const req = request(`${url}/api/company/user/`, { ca }, (res) => {
      res.resume()
      resolve((res.statusCode ?? 0) > 0)
    })
    req.on("error", () => resolve(false))
    req.end()
  })

export interface ServerProcessOptions {
  /** The server terminates TLS (env TLS_CERT_FILE, TLS_KEY_FILE) with a certificate this CA signed (PEM). */
  readonly tlsCa?: string
}

/** The real server, as `npm start` runs it, on a fresh embedded database in a temporary folder. */
export async function startServerProcess(
  env: Record<string, string> = {},
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), "backoffice-e2e-"))
  copyPgliteTemplate(dataDir)
  const tlsCa = options.tlsCa
  const url = `${tlsCa === undefined ? "http" : "https"}://localhost:${port}`
  let log = ""
  let child: ChildProcess | null = null

  const launch = async () => {
    const proc = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
      // The suite signs in many times from one address; the limit itself has its own contract test.
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        LOGIN_MAX_FAILURES_PER_IP: "1000",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    })
    child = proc
    proc.stdout?.on("data", (d: Buffer) => {
      log += d.toString()
    })
    proc.stderr?.on("data", (d: Buffer) => {
      log += d.toString()
    })
    const deadline = Date.now() + 180_000
    while (Date.now() < deadline) {
      if (proc.exitCode !== null) throw new Error(`server exited early:\n${log}`)
      if (tlsCa !== undefined) {
        if (await answersOverTls(url, tlsCa)) return
      } else
        try {
          const res = await fetch(`${url}/api/company/user/`)
          if (res.status > 0) return
        } catch {
          // not listening yet
        }
      await new Promise((r) => setTimeout(r, 150))
    }
    throw new Error(`server did not start within 180 s:\n${log}`)
  }

  const stop = async (signal: NodeJS.Signals = "SIGTERM") => {
    const proc = child
    // A process ended by a signal keeps exitCode null: without signalCode, stopping it again would wait for
    // an exit that already happened.
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return
    const exited = new Promise<void>((resolve) => proc.once("exit", () => resolve()))
    proc.kill(signal)
    await exited
  }

  await launch()
  const server: ServerProcess = {
    url,
    port,
    dataDir,
    output: () => log,
    stop,
    restart: launch,
    close: async () => {
      runningServers.delete(server)
      await stop()
      rmSync(dataDir, { recursive: true, force: true })
      // Every end-to-end suite closes its server: no token may have reached the log during any of them.
      const leaked = tokensInLog(log)
      if (leaked.length > 0)
        throw new Error(`the server logged ${leaked.length} token(s), e.g. ${leaked[0]?.slice(0, 24)}…`)
    },
  }
  runningServers.add(server)
  return server
}
