// One server per second-factor suite, with what each of them needs of it: the admin who sets the policy, a
// software authenticator for its relying party, and its clock moved to the middle of a TOTP step (never slept
// through). Call inside a `describe`: it registers that describe's beforeAll and afterAll.
import { afterAll, beforeAll } from "vitest"
import { DEMO_USERS } from "../../../server/auth/seed"
import { type StartOptions, startServer, type TestServer } from "../harness"
import { SoftAuthenticator } from "./authenticator"
import { STEP_MS } from "./helpers"

const POLICY = "/api/company/staff/second-factor-policy/"

export interface SecondFactorFixture {
  readonly server: TestServer
  /** The demo admin's bearer token. */
  readonly admin: string
  /** The categories that must have a second factor, as the admin sets them (or `bearer`, to be refused). */
  readonly setPolicy: (required: ReadonlyArray<string>, bearer?: string) => Promise<Response>
  /** A new passkey maker for this server's relying party and origin. */
  readonly authenticator: () => SoftAuthenticator
  /** Moves the server's clock to the middle of a step, so that a code computed now stays in it. */
  readonly midStep: () => void
}

export function secondFactorServer(options: StartOptions = {}): SecondFactorFixture {
  let server: TestServer | undefined
  let admin = ""
  beforeAll(async () => {
    server = await startServer(options)
    admin = (await server.login(DEMO_USERS[0].email, DEMO_USERS[0].password)).access
  })
  afterAll(() => server?.close())
  const started = (): TestServer => {
    if (!server) throw new Error("the second-factor server is used before its beforeAll")
    return server
  }
  return {
    get server() {
      return started()
    },
    get admin() {
      return admin
    },
    setPolicy: (required, bearer = admin) =>
      started().call(POLICY, { method: "PUT", json: { required }, bearer }),
    authenticator: () => new SoftAuthenticator(started().origin, new URL(started().url).hostname),
    midStep: () => {
      const t = started().clock.now()
      started().clock.advance(STEP_MS - (t % STEP_MS) + STEP_MS / 2)
    },
  }
}
