// The role matrix: every write endpoint of the route table, called as every category
// (docs/behaviour.md#roles): admin and website_coordinator write, any other category (support, or one the app
// has never heard of) only reads. Personal state (one's own profile, read marks, preferences, push
// registrations) is everyone's to change.
import { randomUUID } from "node:crypto"
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ErrorBody } from "../../src/schema/system/errors"
import { type DbWatch, watchDatabase } from "./db-fingerprint"
import { startServer, type TestServer } from "./harness"
import { isWrite, type RouteEntry, routeKey, routeTable } from "./route-table"

type Policy = "public" | "signed-in" | "staff" | "admin"

const N = "/api/v1/notifications/"
const decisions = (base: string): Record<string, Policy> => ({
  [`POST ${base}:uuid/approve/`]: "staff",
  [`POST ${base}:uuid/reject/`]: "staff",
  [`POST ${base}:uuid/reopen/`]: "admin",
  [`POST ${base}:uuid/select-providers/`]: "staff",
  [`POST ${base}:uuid/offer-providers/`]: "staff",
  [`POST ${base}:uuid/offers/:offer/withdraw/`]: "staff",
  [`POST ${base}:uuid/assign/`]: "staff",
  [`POST ${base}:uuid/unassign/`]: "staff",
  [`POST ${base}:uuid/notes/`]: "staff",
})

/** Who may call each write endpoint. A write endpoint missing here fails the first test. */
const POLICY: Readonly<Record<string, Policy>> = {
  "POST /api/company/login/": "public",
  "POST /api/company/logout/": "public",
  "POST /api/company/token/refresh/": "public",
  "PATCH /api/company/user/": "signed-in",
  "POST /api/company/invitations/:token/accept/": "public",
  "POST /api/company/password-reset/": "public",
  "POST /api/company/password-reset/:token/": "public",
  "POST /api/company/staff/invitations/": "admin",
  "POST /api/company/staff/:id/invitation/resend/": "admin",
  "POST /api/company/staff/:id/invitation/revoke/": "admin",
  "PATCH /api/company/staff/:id/": "admin",
  "POST /api/company/staff/:id/password-reset/": "admin",
  // One's own account: a read-only category manages its own password and sessions too.
  "POST /api/company/account/sessions/:id/sign-out/": "signed-in",
  "POST /api/company/account/sessions/sign-out-others/": "signed-in",
  "POST /api/company/account/password/": "signed-in",
  // Second factors: finishing a sign-in is proved by its challenge token; one's own factors are one's own.
  "POST /api/company/login/second-factor/": "public",
  "POST /api/company/login/second-factor/passkey/options/": "public",
  "POST /api/company/login/second-factor/passkey/": "public",
  "POST /api/company/login/setup/totp/": "public",
  "POST /api/company/login/setup/totp/confirm/": "public",
  "POST /api/company/login/setup/passkey/options/": "public",
  "POST /api/company/login/setup/passkey/": "public",
  "POST /api/company/passkeys/sign-in/options/": "public",
  "POST /api/company/passkeys/sign-in/": "public",
  "POST /api/company/account/totp/": "signed-in",
  "POST /api/company/account/totp/confirm/": "signed-in",
  "DELETE /api/company/account/totp/": "signed-in",
  "POST /api/company/account/recovery-codes/": "signed-in",
  "DELETE /api/company/account/trusted-browser/": "signed-in",
  "POST /api/company/account/passkeys/options/": "signed-in",
  "POST /api/company/account/passkeys/": "signed-in",
  "PATCH /api/company/account/passkeys/:id/": "signed-in",
  "DELETE /api/company/account/passkeys/:id/": "signed-in",
  "PUT /api/company/staff/second-factor-policy/": "admin",
  "POST /api/company/staff/:id/second-factor/reset/": "admin",
  ...decisions("/api/v1/work-requests/"),
  ...decisions("/api/v1/maintenance-requests/"),
  "POST /api/v1/company-applications/:uuid/accept/": "staff",
  "POST /api/v1/company-applications/:uuid/reject/": "staff",
  "POST /api/v1/company-applications/:uuid/request-information/": "staff",
  "POST /api/v1/company-applications/:uuid/reopen/": "admin",
  "POST /api/v1/company-applications/:uuid/assign/": "staff",
  "POST /api/v1/company-applications/:uuid/unassign/": "staff",
  "POST /api/v1/company-applications/:uuid/notes/": "staff",
  "POST /api/v1/intake/company-applications/": "admin",
  "POST /api/v1/intake/work-requests/": "admin",
  "POST /api/v1/intake/maintenance-requests/": "admin",
  "POST /api/v1/intake/offers/:uuid/accept/": "admin",
  "POST /api/v1/intake/offers/:uuid/decline/": "admin",
  "POST /api/v1/intake/company-applications/:uuid/documents/": "admin",
  "POST /api/v1/intake/work-requests/:uuid/photos/": "admin",
  "POST /api/v1/intake/maintenance-requests/:uuid/photos/": "admin",
  [`POST ${N}`]: "admin",
  [`POST ${N}mark-read/`]: "signed-in",
  [`POST ${N}mark-all-read/`]: "signed-in",
  [`POST ${N}preferences/update_push_token/`]: "signed-in",
  [`PUT ${N}preferences/:id/`]: "signed-in",
  [`POST ${N}device-tokens/register/`]: "signed-in",
  [`POST ${N}device-tokens/unregister/`]: "signed-in",
  [`POST ${N}:id/mark-read/`]: "signed-in",
  [`POST ${N}:id/mark-unread/`]: "signed-in",
  [`POST ${N}:id/archive/`]: "signed-in",
  [`POST ${N}:id/unarchive/`]: "signed-in",
  // One's own saved views; sharing one with the team is checked on the body (staff only).
  "POST /api/v1/saved-views/": "signed-in",
  "PATCH /api/v1/saved-views/:uuid/": "signed-in",
  "POST /api/v1/saved-views/:uuid/delete/": "signed-in",
  // Writes nothing: it signs a download address (the audit trail's is for staff, checked on the body).
  "POST /api/v1/exports/": "signed-in",
}

const CATEGORIES = ["admin", "website_coordinator", "support", "auditor"] as const
type Category = (typeof CATEGORIES)[number]

const allowed = (policy: Policy, category: Category): boolean =>
  policy === "public" || policy === "signed-in"
    ? true
    : policy === "staff"
      ? category === "admin" || category === "website_coordinator"
      : category === "admin"

describe("role matrix over every write endpoint", () => {
  let server: TestServer
  let writes: RouteEntry[]
  let watch: DbWatch
  const userIds = new Map<Category, number>()
  const known: Record<string, string> = {}

  beforeAll(async () => {
    server = await startServer()
    const db = server.database.db
    const now = new Date()
    // A category the app does not know: read-only like support.
    await db
      .insertInto("app_user")
      .values({
        email: "auditor@example.com",
        full_name: "Audrey Auditor",
        user_category: "auditor",
        password_hash: await server.app.services.passwords.hash("auditor-demo-1"),
        created_at: now,
        updated_at: now,
      })
      .execute()
    for (const user of await db.selectFrom("app_user").select(["id", "user_category"]).execute())
      userIds.set(user.user_category as Category, user.id)
    const pending = async (kind: "work" | "maintenance") =>
      (
        await db
          .selectFrom("service_request")
          .select("uuid")
          .where("kind", "=", kind)
          .where("status", "=", "pending")
          .executeTakeFirstOrThrow()
      ).uuid
    known["/api/v1/work-requests/"] = await pending("work")
    known["/api/v1/maintenance-requests/"] = await pending("maintenance")
    known["/api/v1/company-applications/"] = (
      await db
        .selectFrom("company_application")
        .select("uuid")
        .where("status", "=", "pending")
        .executeTakeFirstOrThrow()
    ).uuid
    known["/api/v1/intake/work-requests/"] = known["/api/v1/work-requests/"]
    known["/api/v1/intake/maintenance-requests/"] = known["/api/v1/maintenance-requests/"]
    known["/api/v1/intake/company-applications/"] = known["/api/v1/company-applications/"]
    writes = routeTable(server.app).filter(isWrite)
    watch = await watchDatabase(db)
  })
  afterAll(() => server?.close())

  const tokenFor = async (category: Category) => {
    const id = userIds.get(category)
    if (id === undefined) throw new Error(`no user of category ${category}`)
    return server.app.services.accessTokens.sign({ id, user_category: category }, randomUUID())
  }

  const urlFor = (route: RouteEntry): string =>
    route.url
      .replace(":uuid", Object.entries(known).find(([base]) => route.url.startsWith(base))?.[1] ?? "")
      // A notification or preference id: a real row (whose does not matter for the role check).
      .replace(":id", "1")

  it("has a policy for every write endpoint in the route table", () => {
    expect(writes.length).toBeGreaterThan(20)
    expect(writes.map(routeKey).filter((key) => !POLICY[key])).toEqual([])
  })

  for (const category of CATEGORIES)
    it(`answers ${category} with 403 exactly where the category may not write`, async () => {
      const token = await tokenFor(category)
      const wrong: string[] = []
      for (const route of writes) {
        const policy = POLICY[routeKey(route)]
        if (!policy) continue
        const before = await watch.fingerprint()
        const response = await server.app.inject({
          method: route.method as "POST",
          url: urlFor(route),
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          payload: "{}",
        })
        const status = response.statusCode
        const label = `${category} ${routeKey(route)} → ${status} ${response.body.slice(0, 120)}`
        expect(status, label).toBeLessThan(500)
        if (allowed(policy, category)) {
          // Public calls authenticate by cookie or password, not by the bearer: a 401 there is no role check.
          if (status === 403 || (status === 401 && policy !== "public")) wrong.push(label)
          continue
        }
        if (status !== 403) {
          wrong.push(label)
          continue
        }
        expect(Schema.decodeUnknownSync(ErrorBody)(response.json()).detail, label).toMatch(/\S/)
        expect(await watch.fingerprint(), `${label}: the refused call changed the database`).toEqual(before)
      }
      expect(wrong).toEqual([])
    })
})
