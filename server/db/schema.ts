// The whole database as Kysely sees it: one interface per domain, merged here.
// A new domain adds its `*Tables` interface to the extends list (and its migrations to migrations.ts).
import type { SecondFactorTables } from "../accounts/second-factor/tables"
import type { OwnAccountTables } from "../accounts/self-tables"
import type { AccountTables } from "../accounts/tables"
import type { AuthTables } from "../auth/tables"
import type { DocumentTables } from "../documents/tables"
import type { LiveTables } from "../live/tables"
import type { RecordNoteTables } from "../marketplace/note-tables"
import type { ReminderTables } from "../marketplace/reminder-tables"
import type { SavedViewTables } from "../marketplace/saved-view-tables"
import type { MarketplaceTables } from "../marketplace/tables"
import type { NotificationTables } from "../notifications/tables"
import type { PresenceTables } from "../presence/tables"
import type { PushTables } from "../push/tables"
import type { CoreTables } from "./tables"

export interface Database
  extends CoreTables,
    AuthTables,
    AccountTables,
    MarketplaceTables,
    NotificationTables,
    PushTables,
    PresenceTables,
    ReminderTables,
    LiveTables,
    DocumentTables,
    OwnAccountTables,
    SavedViewTables,
    RecordNoteTables,
    SecondFactorTables {}
