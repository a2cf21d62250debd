// A benchmark fixture: the demo data plus ROWS notifications, of which the coordinator holds one in 500
// (about a third unread) and the admin and the viewer share the rest, written straight into the database
// before any server opens it.
import { sql } from "kysely"
import { type DatabaseTarget, openDatabase } from "../server/db/database"
import { runMigrations } from "../server/db/migrate"
import { seedContext, seedDemo } from "../server/db/seed"

export async function fillNotifications(target: DatabaseTarget, rows: number): Promise<void> {
  const database = await openDatabase(target)
  try {
    const db = database.db
    await runMigrations(db)
    await seedDemo(db, seedContext({ N: 1024, r: 8, p: 1 }, new Date()))
    const users = await db.selectFrom("app_user").select(["id", "email"]).execute()
    const id = (email: string) => {
      const user = users.find((u) => u.email === email)
      if (!user) throw new Error(`no demo user ${email}`)
      return user.id
    }
    const [coordinator, admin, viewer] = [
      id("coordinator@example.com"),
      id("admin@example.com"),
      id("viewer@example.com"),
    ]
    // In slices, so PGlite's single connection never holds one enormous statement.
    const SLICE = 100_000
    for (let from = 1; from <= rows; from += SLICE) {
      const to = Math.min(rows, from + SLICE - 1)
      await sql`
        insert into notification (user_id, channel, notification_type, title, message, priority, is_read, created_at)
        select case when g % 500 = 0 then ${coordinator}::int when g % 2 = 0 then ${admin}::int else ${viewer}::int end,
          'in_app', 'system', 'Bench notification ' || g, 'Row ' || g || ' of the throughput fixture.', 'medium',
          g % 3 <> 0, now() - make_interval(secs => ${rows}::int - g)
        from generate_series(${from}::int, ${to}::int) g`.execute(db)
    }
    // What autovacuum does to a table in steady state: without it a freshly bulk-loaded table has no visibility
    // map, and every index-only count visits the heap (on PostgreSQL it waits for the next autovacuum round).
    await sql`vacuum analyze notification`.execute(db)
    // And the bulk load's dirty pages written out now: otherwise the checkpointer writes them during the first
    // measurement (one run measured 33 % of the bare route there and 65 % in the same run's repeat).
    if (target.kind === "postgres") await sql`checkpoint`.execute(db)
  } finally {
    await database.close()
  }
}
