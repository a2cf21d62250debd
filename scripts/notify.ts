// `npm run notify -- --to EMAIL --title T --message M [--type T] [--priority P] [--action-url /path] [--url URL]`
// Sends one notification through the running server's API, signed in as an admin, so it is delivered live
// like any other. It never opens the database: the embedded one belongs to the server process alone.
import { parseArgs } from "node:util"
import { Result, Schema } from "effect"
import { LoginResponse } from "../src/schema/auth/auth"
import { AdminSendResponse, NOTIFICATION_TYPES, PRIORITIES } from "../src/schema/notifications/notifications"
import { ErrorBody } from "../src/schema/system/errors"

const DEMO_ADMIN = { email: "admin@example.com", password: "admin-demo-1" }

const USAGE = `Usage: npm run notify -- --to EMAIL --title TITLE --message MESSAGE [options]
  --to          the recipient's email (or --category CATEGORY for everyone of a user category)
  --type        ${NOTIFICATION_TYPES.join(" | ")} (default system)
  --priority    ${PRIORITIES.join(" | ")} (default medium)
  --action-url  an app path such as /dashboard
  --url         the server (default http://127.0.0.1:$PORT, PORT defaulting to 3000)
Signs in as ADMIN_EMAIL / ADMIN_PASSWORD, or the demo admin when they are unset.`

class Fatal extends Error {}

const parse = () =>
  parseArgs({
    options: {
      to: { type: "string" },
      category: { type: "string" },
      title: { type: "string" },
      message: { type: "string" },
      type: { type: "string" },
      priority: { type: "string" },
      "action-url": { type: "string" },
      url: { type: "string", default: `http://127.0.0.1:${process.env.PORT ?? 3000}` },
      help: { type: "boolean", default: false },
    },
  }).values

function options() {
  let values: ReturnType<typeof parse>
  try {
    values = parse()
  } catch (error) {
    throw new Fatal(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`)
  }
  if (values.help) {
    console.log(USAGE)
    process.exit(0)
  }
  if ((values.to === undefined) === (values.category === undefined))
    throw new Fatal(`Give exactly one of --to EMAIL and --category CATEGORY.\n\n${USAGE}`)
  if (!values.title || !values.message) throw new Fatal(`--title and --message are required.\n\n${USAGE}`)
  return { ...values, url: values.url.replace(/\/+$/, "") }
}

async function call(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) })
  } catch {
    throw new Fatal(`No server answered at ${new URL(url).origin}; start it with npm start (or pass --url).`)
  }
}

async function detailOf(response: Response): Promise<string> {
  const body: unknown = await response.json().catch(() => null)
  const decoded = Schema.decodeUnknownResult(ErrorBody)(body)
  return Result.isSuccess(decoded) ? decoded.success.detail : `HTTP ${response.status}`
}

async function signIn(base: string): Promise<string> {
  const email = process.env.ADMIN_EMAIL?.trim() || DEMO_ADMIN.email
  const password = process.env.ADMIN_PASSWORD ?? (email === DEMO_ADMIN.email ? DEMO_ADMIN.password : "")
  const response = await call(`${base}/api/company/login/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  })
  if (!response.ok) throw new Fatal(`Could not sign in as ${email}: ${await detailOf(response)}`)
  return Schema.decodeUnknownSync(LoginResponse)(await response.json()).access
}

async function main(): Promise<void> {
  const o = options()
  const access = await signIn(o.url)
  const body = {
    ...(o.to !== undefined ? { recipient_email: o.to } : { recipient_category: o.category }),
    title: o.title,
    message: o.message,
    ...(o.type !== undefined ? { notification_type: o.type } : {}),
    ...(o.priority !== undefined ? { priority: o.priority } : {}),
    ...(o["action-url"] !== undefined ? { action_url: o["action-url"] } : {}),
  }
  const response = await call(`${o.url}/api/v1/notifications/`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${access}` },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Fatal(`The server refused the notification: ${await detailOf(response)}`)
  const created = Schema.decodeUnknownSync(AdminSendResponse)(await response.json())
  const who = o.to ?? `category ${o.category}`
  if (created.created === 0) console.log(`Nothing created: ${who} has switched this type off.`)
  else
    console.log(
      `Created ${created.created} notification(s) for ${who}: id ${created.ids.join(", ")} — "${o.title}"`,
    )
}

main().catch((error: unknown) => {
  console.error(error instanceof Fatal ? error.message : error)
  process.exit(1)
})
