import type { RecordKind, RequestKind } from "../../src/schema/marketplace/marketplace"
import { linkTo } from "../../src/schema/system/app-routes"

// How each record kind is named and where its detail page lives in the app. What the shared list, transition
// and claim code needs besides is the kind's entry in RECORD_KINDS (./records/record-kinds.ts).

export interface RequestKindInfo {
  readonly kind: RequestKind
  readonly recordKind: RecordKind
  /** "work request", for sentences. */
  readonly noun: string
  readonly title: string
  readonly detailPath: (uuid: string) => string
}

export const REQUEST_KINDS: Readonly<Record<RequestKind, RequestKindInfo>> = {
  work: {
    kind: "work",
    recordKind: "work_request",
    noun: "work request",
    title: "Work request",
    detailPath: (uuid) => linkTo.details("work", uuid),
  },
  maintenance: {
    kind: "maintenance",
    recordKind: "maintenance_request",
    noun: "maintenance request",
    title: "Maintenance request",
    detailPath: (uuid) => linkTo.details("maintenance", uuid),
  },
}

export const APPLICATION_KIND = {
  recordKind: "company_application",
  noun: "company application",
  title: "Company application",
  detailPath: (uuid: string) => linkTo.details("application", uuid),
} as const

export const URGENCY_RANK = { low: 0, normal: 1, high: 2, emergency: 3 } as const
