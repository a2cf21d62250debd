// A request's customer can be called or written to: "Please call before arriving" needs a number to call.
// Both are optional, as the public form asks for them but older requests never had them.
import { sql } from "kysely"
import type { Migration } from "../db/migrate"

export const customerContactMigration: Migration = {
  name: "0571_request_customer_contact",
  up: async (db) => {
    await sql`alter table service_request add column customer_email text`.execute(db)
    await sql`alter table service_request add column customer_phone text`.execute(db)
  },
}
