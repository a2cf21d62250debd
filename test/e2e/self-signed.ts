// A certificate for localhost, made for the run by openssl, for tests of a server or proxy that terminates TLS.
import { execFileSync } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

export interface SelfSigned {
  readonly certFile: string
  readonly keyFile: string
  /** The certificate as PEM: a client that trusts it as its CA verifies the server instead of skipping it. */
  readonly cert: string
  readonly remove: () => void
}

export function makeSelfSigned(): SelfSigned {
  const dir = mkdtempSync(join(tmpdir(), "backoffice-tls-"))
  const certFile = join(dir, "cert.pem")
  const keyFile = join(dir, "key.pem")
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost,IP:127.0.0.1",
      "-keyout",
      keyFile,
      "-out",
      certFile,
    ],
    { stdio: "ignore" },
  )
  return {
    certFile,
    keyFile,
    cert: readFileSync(certFile, "utf8"),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  }
}
