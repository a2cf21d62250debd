// A failed sign-in from a browser holding a device cookie for the account is counted against that cookie's
// nonce, not against the account (server/auth/device-cookie.ts). Older rows, and untrusted browsers, have none.
import { sql } from "kysely"
import type { Migration } from "../db/migrate"

export const loginDeviceMigration: Migration = {
  name: "0541_login_failure_device",
  up: async (db) => {
    await sql`alter table login_failure add column device text`.execute(db)
    await sql`create index login_failure_device_idx on login_failure (device, failed_at)`.execute(db)
  },
}
