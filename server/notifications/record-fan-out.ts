// Every instance listens for marketplace changes and tells every signed-in socket it holds: lists, counts and
// detail pages are readable by every category, so every ready socket hears of every change
// (docs/behaviour.md#live-records). The frame is loaded and encoded once per change, whatever the number of
// sockets. Changes are handled one after another, so sockets see them in the order they were committed.
import type { DatabaseHandle, Unlisten } from "../db/database"
import { NotFound } from "../errors"
import { recordChangeOf } from "../marketplace/record-change"
import { parseRecordChange, RECORD_CHANGED_CHANNEL } from "../marketplace/record-channel"
import type { FanOutLog } from "./fan-out"
import { frame, type SocketHub, sendFrame } from "./socket-hub"

export async function startRecordFanOut(
  database: DatabaseHandle,
  hub: SocketHub,
  log: FanOutLog,
): Promise<Unlisten> {
  let queue: Promise<void> = Promise.resolve()

  const deliver = async (auditId: number): Promise<void> => {
    if (!hub.all().some((c) => c.ready)) return
    const message = await recordChangeOf(database.db, auditId).catch((error: unknown) => {
      if (error instanceof NotFound) return null
      throw error
    })
    if (message === null) return
    const live = frame(message)
    for (const client of hub.all()) if (client.ready) sendFrame(client, live)
  }

  const onPayload = (payload: string) => {
    const auditId = parseRecordChange(payload)
    if (auditId === null) return log.warn(`ignored record payload "${payload.slice(0, 64)}"`)
    queue = queue
      .then(() => deliver(auditId))
      .catch((error: unknown) => log.warn("record fan-out failed", error))
  }
  // Changes announced while the listening connection was down are gone; the tabs reload their lists and counts
  // when their own socket reconnects, and a lost listener is rare enough to be only logged.
  const onRelisten = () => log.warn("record listener reconnected; changes meanwhile were not sent live")

  const stop = await database.listen(RECORD_CHANGED_CHANNEL, onPayload, onRelisten)
  return async () => {
    await stop()
    await queue
  }
}
