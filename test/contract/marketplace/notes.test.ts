// Internal notes: a thread per record with author and time; `@name` mentions a colleague, who is notified with
// the type that fits the record; a mention of nobody is plain text; a note over the limit is refused saying
// the limit; roles.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { NOTE_MAX_LENGTH, RecordNote, RecordNoteList } from "../../../src/schema/marketplace/notes"
import { CompanyApplicationPage, WorkRequestPage } from "../../../src/schema/marketplace/record-pages"
import { BACKENDS, postgresAvailable } from "../harness"
import {
  decoded,
  expectDetail,
  type MarketplaceServer,
  SECOND_COORDINATOR,
  startMarketplace,
  UNKNOWN_UUID,
} from "../marketplace-fixture"

const pgUp = await postgresAvailable()

for (const backend of BACKENDS) {
  describe.skipIf(backend === "postgres" && !pgUp)(`internal notes on ${backend}`, () => {
    let m: MarketplaceServer
    beforeAll(async () => {
      m = await startMarketplace(backend)
    })
    afterAll(() => m?.close())

    const mentions = async (title: string) =>
      (
        await m.server.database.db
          .selectFrom("notification as n")
          .innerJoin("app_user as u", "u.id", "n.user_id")
          .select(["u.email", "n.notification_type", "n.action_url"])
          .where("n.title", "=", title)
          .orderBy("u.email")
          .execute()
      ).map((r) => [r.email, r.notification_type, r.action_url])

    it("a request's thread, oldest first; a mention notifies the colleague with an approval", async () => {
      const work = await decoded(
        await m.get("/api/v1/work-requests/?page_size=1", m.tokens.viewer),
        WorkRequestPage,
      )
      const uuid = work.results[0]?.uuid ?? UNKNOWN_UUID
      const path = `/api/v1/work-requests/${uuid}/notes/`
      const first = await decoded(
        await m.post(path, m.tokens.coordinator, {
          body: "  Called the customer; @Cora Second can you follow up?  ",
        }),
        RecordNote,
        201,
      )
      expect(first).toMatchObject({
        author: { full_name: "Corey Coordinator" },
        body: "Called the customer; @Cora Second can you follow up?",
        mentions: [{ full_name: SECOND_COORDINATOR.full_name }],
      })
      // A mention of nobody is plain text, and the author is never told of their own mention.
      await decoded(
        await m.post(path, m.tokens.coordinator2, { body: "Done, @nobody and @cora." }),
        RecordNote,
        201,
      )
      const thread = await decoded(await m.get(path, m.tokens.admin), RecordNoteList)
      expect(thread.results.map((n) => [n.author.full_name, n.mentions.length])).toEqual([
        ["Corey Coordinator", 1],
        [SECOND_COORDINATOR.full_name, 1],
      ])
      const title = (await m.get(`/api/v1/work-requests/${uuid}/`, m.tokens.admin).then((r) => r.json())) as {
        title: string
      }
      expect(await mentions(`Corey Coordinator mentioned you: ${title.title}`)).toEqual([
        [SECOND_COORDINATOR.email, "approval", `/work-request-details/${uuid}#note-${first.uuid}`],
      ])
      expect(await mentions(`${SECOND_COORDINATOR.full_name} mentioned you: ${title.title}`)).toEqual([])
    })

    it("an application's mention is a company_update; over the limit is refused saying the limit", async () => {
      const apps = await decoded(
        await m.get("/api/v1/company-applications/?page_size=1", m.tokens.viewer),
        CompanyApplicationPage,
      )
      const app = apps.results[0]
      const path = `/api/v1/company-applications/${app?.uuid ?? UNKNOWN_UUID}/notes/`
      await decoded(
        await m.post(path, m.tokens.admin, { body: "Licence looks fine, @coordinator" }),
        RecordNote,
        201,
      )
      expect(await mentions(`Ada Admin mentioned you: ${app?.company_name}`)).toEqual([
        [
          "coordinator@example.com",
          "company_update",
          expect.stringMatching(new RegExp(`/applications/${app?.uuid}#note-`)),
        ],
      ])
      await expectDetail(
        await m.post(path, m.tokens.admin, { body: "x".repeat(10_000) }),
        400,
        new RegExp(`at most ${NOTE_MAX_LENGTH} characters`),
      )
      await decoded(
        await m.post(path, m.tokens.admin, { body: "y".repeat(NOTE_MAX_LENGTH) }),
        RecordNote,
        201,
      )
      await expectDetail(await m.post(path, m.tokens.admin, { body: "   " }), 400, /must not be empty/)
      await expectDetail(await m.post(path, m.tokens.admin, {}), 400)
    })

    it("a first name mentions its only owner; one two colleagues share is refused naming both", async () => {
      const work = await decoded(
        await m.get("/api/v1/work-requests/?page_size=1", m.tokens.viewer),
        WorkRequestPage,
      )
      const path = `/api/v1/work-requests/${work.results[0]?.uuid ?? UNKNOWN_UUID}/notes/`
      const byFirstName = await decoded(
        await m.post(path, m.tokens.admin, { body: "@COREY's call, and @cora's." }),
        RecordNote,
        201,
      )
      expect(byFirstName.mentions.map((u) => u.full_name)).toEqual(["Corey Coordinator", "Cora Second"])
      const now = new Date()
      await m.server.database.db
        .insertInto("app_user")
        .values({
          email: "c.other@example.com",
          full_name: "Corey Other",
          user_category: "website_coordinator",
          password_hash: "not-a-hash",
          created_at: now,
          updated_at: now,
        })
        .execute()
      const thread = async () =>
        (await decoded(await m.get(path, m.tokens.admin), RecordNoteList)).results.length
      const before = await thread()
      await expectDetail(
        await m.post(path, m.tokens.admin, { body: "Ask @Corey about it" }),
        400,
        /^@Corey could be Corey Coordinator or Corey Other: write the full name\.$/,
      )
      expect(await thread()).toBe(before)
      // The full name, or the email's name, still says which.
      const full = await decoded(
        await m.post(path, m.tokens.admin, { body: "Ask @corey coordinator, not @c.other." }),
        RecordNote,
        201,
      )
      expect(full.mentions.map((u) => u.full_name)).toEqual(["Corey Coordinator", "Corey Other"])
    })

    it("roles: staff only; unsigned 401; an unknown record 404", async () => {
      const path = `/api/v1/maintenance-requests/${UNKNOWN_UUID}/notes/`
      await expectDetail(await m.get(path), 401)
      await expectDetail(await m.post(path, undefined, { body: "x" }), 401)
      await expectDetail(await m.get(path, m.tokens.viewer), 403)
      await expectDetail(await m.post(path, m.tokens.viewer, { body: "x" }), 403)
      await expectDetail(await m.get(path, m.tokens.coordinator), 404)
      await expectDetail(await m.post(path, m.tokens.coordinator, { body: "x" }), 404)
      await expectDetail(
        await m.get("/api/v1/maintenance-requests/not-a-uuid/notes/", m.tokens.coordinator),
        404,
      )
    })
  })
}
