// action_url safety as properties over hostile URLs: the one rule (src/schema/system/app-path.ts) behind the server's
// check on admin send and the client's navigation (safeAppPath: the notification page, ?next= after sign-in)
// never lets a URL leave the origin, however it is written or encoded, and keeps every plain app path.
import { Schema } from "effect"
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { safeAppPath } from "../../src/machines/system/safe-app-path"
import { AppPath } from "../../src/schema/notifications/notifications"
import { appPath, isAppPath } from "../../src/schema/system/app-path"
import { ErrorBody } from "../../src/schema/system/errors"
import { watchDatabase } from "./db-fingerprint"
import { FUZZ_RUNS } from "./fuzz-arbitraries"
import { type Session, startServer, type TestServer } from "./harness"

const BASES = ["http://app.invalid", "https://backoffice.example:8443"]
const RUNS = Math.max(FUZZ_RUNS, 1000)

// ─── Hostile URLs, each built so that some reader of it leaves the origin or runs script ────────────────

const host = fc.oneof(fc.domain(), fc.constantFrom("evil.example", "127.0.0.1", "[::1]", "evil.example:8080"))
const tail = fc.oneof(fc.constant(""), fc.webPath(), fc.constantFrom("/x?y=1", "#frag", "@evil.example"))

/** Ways to write "another origin": protocol-relative, backslashes, encoded and dot-segment forms of those. */
const OFF_ORIGIN_PREFIXES = [
  "//",
  "/\\",
  "\\\\",
  "\\/",
  "///",
  "/%2F",
  "/%2f",
  "%2F%2F",
  "/%5C",
  "/%5c",
  "/%252F%252F",
  "/%25252F",
  "/.//",
  "/./\\",
  "/%2e%2e//",
  "/%2E%2E/%2F",
  "/a/..//",
  "/a/%2e%2e//",
  "/\t/",
  "/\n/",
  "/\r/",
  " //",
  "\u0000//",
  "/%09/",
  "/%0a/",
  "/%00//",
]

const offOrigin = fc
  .tuple(fc.constantFrom(...OFF_ORIGIN_PREFIXES), host, tail)
  .map(([prefix, h, t]) => `${prefix}${h}${t}`)

const SCHEMES = ["javascript", "data", "vbscript", "file", "http", "https", "blob", "filesystem"]

/** Schemes in mixed case, with the tabs and newlines browsers strip, and percent-encoded letters. */
const withScheme = fc
  .tuple(
    fc.constantFrom(...SCHEMES).chain((s) => fc.mixedCase(fc.constant(s))),
    fc.constantFrom("", "\t", "\n", " ", "\u0000"),
    fc.constantFrom(":", "%3A", "%3a", "&colon;"),
    fc.oneof(fc.constantFrom("alert(1)", "//evil.example/", "text/html,<script>alert(1)</script>"), tail),
  )
  .map(([scheme, junk, colon, rest]) => `${scheme.slice(0, 2)}${junk}${scheme.slice(2)}${colon}${rest}`)

const encodedScheme = fc.constantFrom(
  "%6Aavascript:alert(1)",
  "javascript%3Aalert(1)",
  "%2F%2Fevil.example",
  "%2Fjavascript:alert(1)",
  "&#x2F;&#x2F;evil.example",
  "/\u3000/evil.example",
  "\u2028//evil.example",
)

const hostile = fc.oneof(
  { weight: 4, arbitrary: offOrigin },
  { weight: 3, arbitrary: withScheme },
  { weight: 1, arbitrary: encodedScheme },
  { weight: 1, arbitrary: fc.webUrl() },
)

// ─── Any string made of the characters that matter to URL parsers ───────────────────────────────────────

const urlish = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        "/",
        "\\",
        ".",
        "..",
        ":",
        "%",
        "%2",
        "%2F",
        "%2e",
        "%5C",
        "%25",
        "?",
        "#",
        "@",
        " ",
        "\t",
      ),
      fc.constantFrom("javascript", "evil.example", "a", "b", "dashboard"),
      fc.string({ unit: "binary-ascii", maxLength: 3 }),
    ),
    { maxLength: 10 },
  )
  .map((parts) => parts.join(""))

const appPaths = fc
  .tuple(
    fc.array(fc.stringMatching(/^[a-z0-9_-]{1,12}$/), { maxLength: 5 }),
    fc.option(fc.stringMatching(/^[a-z_]{1,8}=[a-z0-9]{0,8}$/)),
    fc.option(fc.stringMatching(/^[a-z0-9-]{1,10}$/)),
  )
  .map(
    ([segments, query, hash]) => `/${segments.join("/")}${query ? `?${query}` : ""}${hash ? `#${hash}` : ""}`,
  )

/** Every form a reader might see: the text itself and its repeated percent-decodings. */
function readings(value: string): string[] {
  const forms = [value]
  for (let i = 0; i < 4; i++) {
    try {
      const next = decodeURIComponent(forms[forms.length - 1] ?? "")
      if (next === forms[forms.length - 1]) break
      forms.push(next)
    } catch {
      break
    }
  }
  return forms
}

const staysHome = (value: string): boolean =>
  BASES.every((base) => {
    try {
      return new URL(value, base).origin === new URL(base).origin
    } catch {
      return false
    }
  })

const decodesAsAppPath = (value: string) => Schema.decodeUnknownResult(AppPath)(value)._tag === "Success"

describe("action_url safety (the app-path rule)", () => {
  it("refuses every hostile URL, on the server and in the client", () => {
    fc.assert(
      fc.property(hostile, (url) => {
        expect(appPath(url), url).toBeNull()
        expect(isAppPath(url), url).toBe(false)
        expect(decodesAsAppPath(url), url).toBe(false)
        expect(safeAppPath(url), url).toBeNull()
      }),
      { numRuns: RUNS },
    )
  })

  it("lets through only what stays on the origin, in every decoding, and returns it normalised", () => {
    fc.assert(
      fc.property(fc.oneof(urlish, hostile, appPaths), (raw) => {
        const path = safeAppPath(raw)
        // The server's rule and the client's agree (the client only trims first).
        expect(isAppPath(raw.trim()), raw).toBe(path !== null)
        expect(decodesAsAppPath(raw.trim()), raw).toBe(path !== null)
        if (path === null) return
        expect(path.startsWith("/") && !/^[/\\]{2}/.test(path), path).toBe(true)
        for (const form of [...readings(raw.trim()), ...readings(path)])
          expect(staysHome(form), form).toBe(true)
        expect(safeAppPath(path), "normalising twice changes nothing").toBe(path)
      }),
      { numRuns: RUNS },
    )
  })

  it("keeps every plain app path exactly as it is", () => {
    fc.assert(
      fc.property(appPaths, (path) => {
        expect(safeAppPath(path)).toBe(path)
        expect(isAppPath(path)).toBe(true)
      }),
      { numRuns: RUNS },
    )
  })

  it("refuses dot segments that collapse into another origin (found by this suite)", () => {
    for (const url of ["/.//evil.example", "/%2e%2e//evil.example", "/a/..//evil.example", "/%2e/%2fevil"])
      expect([url, safeAppPath(url), isAppPath(url)]).toEqual([url, null, false])
  })
})

describe("action_url on admin send", () => {
  let server: TestServer
  let admin: Session
  beforeAll(async () => {
    server = await startServer()
    admin = await server.login("admin@example.com", "admin-demo-1")
  })
  afterAll(() => server?.close())

  const send = (action_url: unknown) =>
    server.app.inject({
      method: "POST",
      url: "/api/v1/notifications/",
      headers: { authorization: `Bearer ${admin.access}` },
      payload: { recipient_email: "viewer@example.com", title: "Link", message: "Follow it", action_url },
    })

  it("refuses a hostile action_url with 400 {detail} naming the field, and stores nothing", async () => {
    const watch = await watchDatabase(server.database.db)
    await fc.assert(
      fc.asyncProperty(hostile, async (url) => {
        const before = await watch.fingerprint()
        const response = await send(url)
        expect(response.statusCode, url).toBe(400)
        const { detail } = Schema.decodeUnknownSync(ErrorBody)(response.json())
        expect(detail, url).toMatch(/^action_url: /)
        expect(await watch.fingerprint(), url).toEqual(before)
      }),
      { numRuns: Math.min(RUNS, 300) },
    )
  })

  it("accepts a plain app path and stores it as sent", async () => {
    await fc.assert(
      fc.asyncProperty(appPaths, async (url) => {
        const response = await send(url)
        expect(response.statusCode, url).toBe(201)
        const [id] = (response.json() as { ids: number[] }).ids
        const row = await server.database.db
          .selectFrom("notification")
          .select("action_url")
          .where("id", "=", id ?? 0)
          .executeTakeFirstOrThrow()
        expect(row.action_url).toBe(url)
      }),
      { numRuns: 50 },
    )
  })
})
