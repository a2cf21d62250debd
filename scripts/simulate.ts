// `npm run simulate -- [--rate N] [--count N] [--url URL] [--key KEY] [--email E --password P]`
// Keeps submitting new company applications and requests through the running server's intake API, and
// answering some of the offers made to providers (./simulate-offers.ts), so a coordinator can watch the
// queues, the offers and the notifications move. It never opens the database: the embedded one
// belongs to the server process. Authenticates with the intake key (--key or INTAKE_KEY) when given,
// otherwise signs in as the demo admin.
import { parseArgs } from "node:util"
import { Schema } from "effect"
import { sampleUploadForm, UPLOAD_PATHS } from "../server/documents/sample-upload"
import { type IntakeBody, intakeBodies } from "../server/marketplace/seed/intake-bodies"
import { seededRandom } from "../server/marketplace/seed/random"
import { LoginResponse } from "../src/schema/auth/auth"
import {
  CompanyApplicationIntake,
  MaintenanceRequestIntake,
  WorkRequestIntake,
} from "../src/schema/marketplace/marketplace-input"
import { ErrorBody } from "../src/schema/system/errors"
import { offerAnswerer } from "./simulate-offers"

const USAGE = `Usage: npm run simulate -- [--rate N] [--count N] [--url URL] [--key KEY] [--email E] [--password P]
  --rate      submissions per minute (default 12)
  --count     stop after this many (default: until Ctrl+C)
  --url       the server (default http://127.0.0.1:$PORT, PORT defaulting to 3000)
  --key       the intake key (default $INTAKE_KEY); without one, signs in with --email/--password
  --email     default admin@example.com
  --password  default admin-demo-1`

const PATHS: Readonly<Record<IntakeBody["kind"], string>> = {
  application: "/api/v1/intake/company-applications/",
  work: "/api/v1/intake/work-requests/",
  maintenance: "/api/v1/intake/maintenance-requests/",
}

// The generator's output is checked against the same schemas the server decodes with: a bug here should
// say so locally instead of showing up as a stream of 400s.
const BODY_SCHEMAS = {
  application: Schema.decodeUnknownSync(CompanyApplicationIntake),
  work: Schema.decodeUnknownSync(WorkRequestIntake),
  maintenance: Schema.decodeUnknownSync(MaintenanceRequestIntake),
} as const

class Fatal extends Error {}

function options() {
  const { values } = parseArgs({
    options: {
      rate: { type: "string", default: "12" },
      count: { type: "string" },
      url: { type: "string", default: `http://127.0.0.1:${process.env.PORT ?? 3000}` },
      key: { type: "string", default: process.env.INTAKE_KEY ?? "" },
      email: { type: "string", default: "admin@example.com" },
      password: { type: "string", default: "admin-demo-1" },
      help: { type: "boolean", default: false },
    },
  })
  if (values.help) {
    console.log(USAGE)
    process.exit(0)
  }
  const rate = Number(values.rate)
  const count = values.count === undefined ? Number.POSITIVE_INFINITY : Number(values.count)
  if (!(rate > 0 && rate <= 6000))
    throw new Fatal(`--rate must be a number from 0 to 6000, got "${values.rate}".`)
  if (!(Number.isInteger(count) || count === Number.POSITIVE_INFINITY) || count < 1)
    throw new Fatal(`--count must be a whole number of 1 or more, got "${values.count}".`)
  return { ...values, url: values.url.replace(/\/+$/, ""), rate, count }
}

type Options = ReturnType<typeof options>

async function call(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) })
  } catch {
    throw new Fatal(`No server answers at ${new URL(url).origin}. Start it with \`npm start\` or pass --url.`)
  }
}

const detailOf = async (res: Response): Promise<string> => {
  const body: unknown = await res.json().catch(() => null)
  const decoded = Schema.decodeUnknownOption(ErrorBody)(body)
  return decoded._tag === "Some" ? decoded.value.detail : `HTTP ${res.status}`
}

/** Headers that authenticate an intake call; signs in again when the access token has expired. */
function authenticator(opts: Options) {
  let bearer: string | null = null
  const signIn = async (): Promise<string> => {
    const res = await call(`${opts.url}/api/company/login/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: opts.email, password: opts.password }),
    })
    if (!res.ok) throw new Fatal(`Could not sign in as ${opts.email}: ${await detailOf(res)}`)
    return Schema.decodeUnknownSync(LoginResponse)(await res.json()).access
  }
  return {
    headers: async (fresh: boolean): Promise<Record<string, string>> => {
      if (opts.key) return { "x-intake-key": opts.key }
      if (bearer === null || fresh) bearer = await signIn()
      return { authorization: `Bearer ${bearer}` }
    },
  }
}

/** Sends the files the submission named, as real files; the refusal's detail, or null once stored. */
async function uploadFiles(
  url: string,
  item: IntakeBody,
  created: { uuid: string },
  auth: ReturnType<typeof authenticator>,
): Promise<string | null> {
  const named =
    item.kind === "application"
      ? item.body.documents
      : (item.body.photos ?? []).map((name) => ({ name, kind: "photo" as const }))
  if (named.length === 0) return null
  const res = await call(`${url}${UPLOAD_PATHS[item.kind](created.uuid)}`, {
    method: "POST",
    headers: await auth.headers(false),
    body: sampleUploadForm(created.uuid, named, new Date()),
  })
  return res.ok ? null : detailOf(res)
}

async function main(): Promise<void> {
  const opts = options()
  // Any answer at all means a server is there; the status does not matter yet.
  await call(`${opts.url}/api/company/user/`, { method: "GET" })
  const auth = authenticator(opts)
  const random = seededRandom(Date.now() % 2_147_483_647)
  const next = intakeBodies(random, () => new Date())
  const offers = offerAnswerer(opts.url, () => auth.headers(false), random)
  const sent = { application: 0, work: 0, maintenance: 0 }
  let failed = 0
  let last = ""
  const tty = process.stdout.isTTY
  const total = () => sent.application + sent.work + sent.maintenance
  const progress = () => {
    const line = `${total()} sent (${sent.application} applications, ${sent.work} work, ${sent.maintenance} maintenance)${failed ? ` · ${failed} refused` : ""} · last: ${last}`
    if (tty) process.stdout.write(`\r\x1b[2K${line.slice(0, (process.stdout.columns ?? 120) - 1)}`)
    else console.log(line)
  }
  const finish = () => {
    if (tty) process.stdout.write("\n")
    console.log(`Stopped after ${total()} submissions.`)
  }
  process.on("SIGINT", () => {
    finish()
    process.exit(0)
  })

  console.log(
    `Submitting ${opts.rate} per minute to ${opts.url}${Number.isFinite(opts.count) ? `, ${opts.count} in all` : ""}. Ctrl+C stops.`,
  )
  const intervalMs = 60_000 / opts.rate
  while (total() + failed < opts.count) {
    const started = Date.now()
    const item = next()
    BODY_SCHEMAS[item.kind](item.body)
    const post = async (fresh: boolean) =>
      call(`${opts.url}${PATHS[item.kind]}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(await auth.headers(fresh)) },
        body: JSON.stringify(item.body),
      })
    let res = await post(false)
    if (res.status === 401 && !opts.key) res = await post(true)
    if (res.status === 401 || res.status === 403)
      throw new Fatal(`The server refused the intake: ${await detailOf(res)}`)
    if (res.ok) {
      sent[item.kind] += 1
      last = item.label
      const refused = await uploadFiles(opts.url, item, (await res.json()) as { uuid: string }, auth)
      if (refused) last = `${item.label}; files refused: ${refused}`
    } else {
      failed += 1
      last = `refused ${item.label}: ${await detailOf(res)}`
    }
    // About one submission in three is followed by a provider's answer to an open offer.
    if (random.chance(1 / 3)) {
      const answered = await offers.answerOne().catch(() => null)
      if (answered) last = `${last} · ${answered}`
    }
    progress()
    if (total() + failed >= opts.count) break
    await new Promise((r) => setTimeout(r, Math.max(0, intervalMs - (Date.now() - started))))
  }
  finish()
}

main().catch((error: unknown) => {
  if (process.stdout.isTTY) process.stdout.write("\n")
  console.error(error instanceof Fatal ? error.message : error)
  process.exit(1)
})
