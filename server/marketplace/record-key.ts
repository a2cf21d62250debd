import type { RecordSource } from "../../src/schema/system/app-routes"
import { isUuid } from "../ids"

// A record named in a NOTIFY payload (presence): `<kind>:<uuid>`, ids only, as on the notification channels.

const SOURCES: ReadonlyArray<RecordSource> = ["work", "maintenance", "application"]

export interface RecordKey {
  readonly kind: RecordSource
  readonly uuid: string
}

export const recordPayload = (kind: RecordSource, uuid: string): string => `${kind}:${uuid}`

export function parseRecordPayload(payload: string): RecordKey | null {
  const [kind, uuid, ...rest] = payload.split(":")
  const known = SOURCES.find((s) => s === kind)
  if (rest.length > 0 || known === undefined || uuid === undefined || !isUuid(uuid)) return null
  return { kind: known, uuid: uuid.toLowerCase() }
}
