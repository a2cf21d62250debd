import type {
  AnyStatus,
  AuditDetails,
  RecordKind,
  RequestKind,
} from "../../../src/schema/marketplace/marketplace"
import type { RecordSource } from "../../../src/schema/system/app-routes"
import type { Announcement } from "../announce"
import type { Db } from "../db"
import type { OrderColumn } from "../list-query"
import type { CompanyApplicationTable, ServiceRequestTable } from "../tables"
import type { ClaimColumns } from "../wire"
import type { Move, Moved } from "./record-move"

// What a record kind is to the shared list, transition and claim code: a table entry. The shared code only
// touches the columns every record table has (below); whatever reads or writes a kind's own columns is a
// function of its entry.

export type RecordTable = "company_application" | "service_request"
export type RecordColumn = keyof CompanyApplicationTable | keyof ServiceRequestTable

/** The columns every record table has, as the shared code reads them. */
export interface RecordCore extends ClaimColumns {
  readonly id: number
  readonly uuid: string
  readonly status: AnyStatus
  readonly submitted_at: Date
  readonly decided_at: Date | null
  readonly decided_by_name: string | null
}

export const CORE_COLUMNS = [
  "id",
  "uuid",
  "status",
  "submitted_at",
  "decided_at",
  "decided_by_name",
  "assignee_user_id",
  "assignee_name",
  "assigned_at",
] as const

export type Notice = Pick<Announcement, "message" | "type" | "priority">

export interface RecordKindEntry<Row extends RecordCore, Item, Detail> {
  readonly source: RecordSource
  readonly recordKind: RecordKind
  /** "work request", for sentences. */
  readonly noun: string
  /** "Work request", for notification titles. */
  readonly title: string
  readonly detailPath: (uuid: string) => string
  readonly table: RecordTable
  /** The value of `kind` in a table that holds more than one record kind. */
  readonly requestKind: RequestKind | null
  readonly orderColumns: Readonly<Record<string, OrderColumn<RecordColumn>>>
  /** The status a positive decision leaves. */
  readonly decided: "accepted" | "approved"
  /**
   * Decides or reopens the record with this uuid in one statement (./record-move.ts) when its status allows;
   * undefined when no record of the kind with this uuid is in a status the move may leave.
   */
  readonly move: (tx: Db, uuid: string, move: Move) => Promise<Moved<Row> | undefined>
  /** The kind's rows with these ids, in any order. */
  readonly rowsById: (db: Db, ids: ReadonlyArray<number>) => Promise<Row[]>
  /** The records with these ids as the lists return them, in the order given; an id with none is left out. */
  readonly itemsById: (db: Db, ids: ReadonlyArray<number>) => Promise<Item[]>
  /** `now` is the server's day for what depends on it (an application's checklist). */
  readonly detail: (db: Db, row: Row, now: Date) => Promise<Detail>
  /** The audit trail's name for the record. */
  readonly titleOf: (row: Row) => string
  /**
   * Whether the positive decision may go ahead, checked in its transaction (it throws to refuse): an
   * application's required documents, which an override reason lets past. The audit entry's details.
   */
  readonly checkDecided: (tx: Db, row: Row, now: Date, overrideReason: string | null) => Promise<AuditDetails>
  /** What deciding does besides the status, in the same transaction; the audit entry's details. */
  readonly onDecided: (tx: Db, row: Row, now: Date) => Promise<AuditDetails>
  /**
   * What a reopen undoes besides the decision and the row's own columns (those are the move's), in the same
   * transaction; the audit entry's details. It leaves the record's row as the move returned it.
   */
  readonly onReopened: (tx: Db, row: Row, was: AnyStatus, now: Date) => Promise<AuditDetails>
  readonly decidedNotice: (row: Row, actorName: string, reason: string | null) => Notice
  readonly reopenedMessage: (row: Row, actorName: string, was: AnyStatus) => string
}
