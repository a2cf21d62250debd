import type { Kysely } from "kysely"
import type { Database } from "../db/schema"

/** The handle domain functions take: the database or a transaction on it (a Transaction is a Kysely). */
export type Db = Kysely<Database>
