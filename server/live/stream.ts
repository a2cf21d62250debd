// Each instance's reader of the live change log (docs/architecture.md#the-live-change-log). It keeps a cursor,
// reads every entry after it in order when woken (a NOTIFY carrying a position, the listening connection
// restored after a loss, a socket joining) and sends each entry to the ready sockets it concerns. One queue
// runs the reads and the joins, so a socket that joins is replayed exactly the entries up to the cursor and
// hears every later one live: none twice, none lost, all in order.
import type { DatabaseHandle, Unlisten } from "../db/database"
import type { Client, SocketHub } from "../notifications/socket-hub"
import { sendFrame } from "../notifications/socket-hub"
import { entriesAfter, headPosition, LIVE_CHANGE_CHANNEL, type LiveEntry, resumeFrom } from "./change-log"
import { type EntryFrames, framesOf } from "./entry-frames"

/** Entries read per query, and built at once (a pooled connection each). */
const BATCH = 200
const BUILD_AT_ONCE = 8

export interface LiveStreamLog {
  readonly warn: (message: string, error?: unknown) => void
}

/** How a socket's stream starts: where it resumes from, and whether the page must reload its data first. */
export interface Joined {
  readonly position: number
  readonly reload: boolean
}

export interface LiveStream {
  /**
   * Starts a socket's stream from the position its page claims (none: from now). `established` is sent
   * before anything replayed; the socket is ready, and hears live entries, once the replay is out.
   */
  readonly join: (
    client: Client,
    claimed: string | undefined,
    established: (j: Joined) => void,
  ) => Promise<void>
  /** The cursor: the last entry this instance has sent. */
  readonly cursor: () => number
  readonly stop: Unlisten
}

const concerns = (entry: LiveEntry, client: Client) =>
  client.ready &&
  entry.position > client.position &&
  (entry.userId === null || entry.userId === client.userId)

/** Builds each entry's frames a few at a time; the order of the answer is the order of the entries. */
async function buildAll(
  entries: ReadonlyArray<LiveEntry>,
  build: (entry: LiveEntry) => Promise<EntryFrames>,
): Promise<EntryFrames[]> {
  const out: EntryFrames[] = new Array(entries.length)
  let next = 0
  const worker = async () => {
    while (next < entries.length) {
      const at = next++
      const entry = entries[at]
      if (entry) out[at] = await build(entry)
    }
  }
  await Promise.all(Array.from({ length: Math.min(BUILD_AT_ONCE, entries.length) }, worker))
  return out
}

function sendEntry(client: Client, entry: LiveEntry, frames: EntryFrames): void {
  for (const f of frames) sendFrame(client, f)
  client.position = entry.position
}

export async function startLiveStream(
  database: DatabaseHandle,
  hub: SocketHub,
  log: LiveStreamLog,
): Promise<LiveStream> {
  const db = database.db
  let cursor = 0
  let queue: Promise<void> = Promise.resolve()
  let reading = false
  let stopped = false
  /** The highest position a NOTIFY announced. */
  let announced = 0
  /** Woken without a position (the listening connection restored): read whatever the log holds. */
  let readAnyway = false

  const enqueue = (task: () => Promise<void>): Promise<void> => {
    queue = queue.then(task).catch((error: unknown) => log.warn("live stream failed", error))
    return queue
  }

  const someoneListens = (entry: LiveEntry) =>
    entry.userId === null ? hub.all().some((c) => c.ready) : hub.clientsOf(entry.userId).some((c) => c.ready)

  const readOnce = async (): Promise<number> => {
    const entries = await entriesAfter(db, cursor, BATCH)
    if (entries.length === 0) return 0
    const frames = await buildAll(entries, (entry) =>
      someoneListens(entry) ? framesOf(db, entry) : Promise.resolve([]),
    )
    entries.forEach((entry, i) => {
      const built = frames[i] ?? []
      const to = entry.userId === null ? hub.all() : hub.clientsOf(entry.userId)
      for (const client of to) if (concerns(entry, client)) sendEntry(client, entry, built)
    })
    cursor = entries[entries.length - 1]?.position ?? cursor
    return entries.length
  }

  /**
   * Reads until level. A NOTIFY names the head it made, so one whose position a read has already passed
   * costs nothing, and those that come during a read cost one more read at most, not one each: at a busy
   * rate they come faster than a read ends.
   */
  const wake = (payload?: string) => {
    if (stopped) return
    const position = payload === undefined || payload === "" ? Number.NaN : Number(payload)
    if (Number.isSafeInteger(position)) announced = Math.max(announced, position)
    else readAnyway = true
    if (reading || (!readAnyway && announced <= cursor)) return
    reading = true
    void enqueue(async () => {
      try {
        let read = 0
        do {
          readAnyway = false
          read = 0
          for (let n = BATCH; n === BATCH; read += n) n = await readOnce()
          // Nothing read although a NOTIFY named a later position (pruned meanwhile): no read would find it.
        } while ((readAnyway || (announced > cursor && read > 0)) && !stopped)
      } finally {
        reading = false
      }
    })
  }

  const replay = async (client: Client, since: number): Promise<void> => {
    let from = since
    for (;;) {
      const entries = (await entriesAfter(db, from, BATCH, client.userId)).filter((e) => e.position <= cursor)
      if (entries.length === 0) break
      const frames = await buildAll(entries, (entry) => framesOf(db, entry))
      entries.forEach((entry, i) => {
        sendEntry(client, entry, frames[i] ?? [])
      })
      from = entries[entries.length - 1]?.position ?? from
      if (entries.length < BATCH) break
    }
  }

  const join: LiveStream["join"] = (client, claimed, established) =>
    enqueue(async () => {
      const resume = claimed === undefined ? null : await resumeFrom(db, claimed)
      if (resume !== null && "reload" in resume)
        log.warn(`socket resumed from ${resume.reload} position "${(claimed ?? "").slice(0, 20)}"; reload`)
      const since = resume !== null && "resume" in resume ? resume.resume : cursor
      established({ position: since, reload: resume !== null && "reload" in resume })
      client.position = since
      await replay(client, since)
      client.position = Math.max(client.position, since, cursor)
      client.ready = true
    })

  // Listening first, then the head: an entry committed in between wakes the reader, which finds it after the
  // cursor. A listening connection lost and restored wakes it too: the gap is read from the log and sent.
  const unlisten = await database.listen(LIVE_CHANGE_CHANNEL, wake, () => {
    log.warn("live change listener reconnected; sending what was logged meanwhile")
    wake()
  })
  cursor = await headPosition(db)

  return {
    join,
    cursor: () => cursor,
    stop: async () => {
      stopped = true
      await unlisten()
      await queue
    },
  }
}
