// Encoded notification pages kept per user until that user's notifications change. The bell and the list page
// ask for the same few pages again and again (every tab, every reconnect, every Load More); answering them from
// memory skips the query, the row parsing and the encoding (bench/api-throughput.ts).
//
// What keeps an answer current: every write to a user's notifications announces itself with pg_notify (new rows
// on one channel, reads on another, from any instance or script), and this instance drops that user's pages when
// it hears one. The instance that made a write also drops them itself before it answers, so a client never reads
// its own acknowledged write as undone. While the listening connection is down nothing is heard, so nothing is
// served or kept until it is back. A load that overlaps a change is never kept: every change is stamped, and a
// page is stored only if no change to its user was stamped after the load began.
// Writes through another instance can be seen here as late as their NOTIFY arrives (milliseconds), as the
// socket's live updates are. A write that announces nothing (a hand-made insert) is seen when its page ages
// out, after maxAgeMs at most.
// A page states the change-log position its data reflects (docs/behaviour.md#catching-up). The position read
// before its query is true when it is stored, and stays true later for a further reason: every change to a
// user's notifications announces itself on the same listening connection before the change log's NOTIFY of
// that transaction (server/notifications/notify.ts, ./read-state.ts), and NOTIFYs arrive in commit order. So
// once the log's NOTIFY of position p is heard, a page still stored reflects p too, and is served saying so:
// a page saying its load's position instead would, after other users' changes, be older than every new
// socket's stream, and each tab would load it again and again until the page aged out.
// A page's compressed bytes are made on the first request that accepts that encoding and kept beside its body
// while the page is stored: compressing each answer again cost more than the rest of a cached answer
// (bench/RESULTS.md). They go when the page goes, so a change drops every encoding at once.

import { compressBody } from "../http/compress-body"
import type { Encoding } from "../http/compression"
import { restampLivePosition } from "./page-position"

export interface PageCacheLimits {
  /** Pages kept per user (the first pages of each filter the bell and the list use). */
  readonly pagesPerUser: number
  /** All bodies together, in UTF-16 code units (JavaScript string length), plus their compressed bytes. */
  readonly totalChars: number
  /** How long a page is served without any change heard. */
  readonly maxAgeMs: number
}

export const PAGE_CACHE_LIMITS: PageCacheLimits = {
  pagesPerUser: 8,
  totalChars: 16 * 1024 * 1024,
  maxAgeMs: 10_000,
}

/** What an empty user record costs against the budget (its map and stamps). */
const USER_OVERHEAD_CHARS = 64

/** A page as its callers see it: the JSON text, and that text compressed, made once per encoding. */
export interface CachedPage {
  readonly body: string
  readonly compressed: (encoding: Encoding) => Buffer
}

/** What a load returns: the body, stating the position it reflects (read before its data). */
export interface LoadedPage {
  readonly body: string
  readonly position: number
}

/** The body again, stating a newer position. */
export type Restamp = (body: string, position: number) => string

interface Page {
  readonly body: string
  readonly position: number
  readonly storedAt: number
  readonly variants: Map<Encoding, Buffer>
  /** The body's length and every variant's bytes, against the budget. */
  cost: number
}

interface UserPages {
  /** URL → page, oldest first. */
  readonly pages: Map<string, Page>
  /** The stamp of the latest change to this user's notifications. */
  changedAt: number
  chars: number
}

export interface PageCache {
  /** The stored page for this user and request URL, if any and if changes can be heard now. */
  readonly get: (userId: number, url: string) => CachedPage | undefined
  /**
   * Runs `load` and keeps its body, unless a change to the user was stamped since it began. The page returned
   * compresses once per encoding either way; only a kept page keeps its bytes past this answer.
   */
  readonly load: (userId: number, url: string, load: () => Promise<LoadedPage>) => Promise<CachedPage>
  /** The user's notifications changed (heard, or written here). */
  readonly changed: (userId: number) => void
  /** The change log's NOTIFY of this position was heard: every change up to it was heard before it. */
  readonly heard: (position: number) => void
  /** Whether changes can be heard: false drops everything and keeps nothing until true again. */
  readonly setListening: (listening: boolean) => void
  /** Bodies stored (`chars` counts their compressed bytes too), for tests and the benchmark. */
  readonly size: () => { readonly users: number; readonly pages: number; readonly chars: number }
}

export function createPageCache(
  limits: PageCacheLimits = PAGE_CACHE_LIMITS,
  now: () => number = Date.now,
  compress: (body: string, encoding: Encoding) => Buffer = compressBody,
  restamp: Restamp = restampLivePosition,
): PageCache {
  // Least recently used first: a Map iterates in insertion order, and a use re-inserts.
  const users = new Map<number, UserPages>()
  let clock = 0
  // A user dropped to stay within budget takes their change stamp along: every user not in `users` is taken to
  // have changed at the latest stamp ever dropped (or at the last time listening was lost).
  let forgottenAt = 0
  let listening = true
  let chars = 0
  let heardThrough = 0

  const lastChange = (userId: number): number => users.get(userId)?.changedAt ?? forgottenAt

  const forgetOldest = () => {
    const [oldestId, oldest] = users.entries().next().value ?? []
    if (oldestId === undefined || !oldest) return
    users.delete(oldestId)
    chars -= oldest.chars + USER_OVERHEAD_CHARS
    forgottenAt = Math.max(forgottenAt, oldest.changedAt)
  }

  const touch = (userId: number, found: UserPages) => {
    users.delete(userId)
    users.set(userId, found)
  }

  const record = (userId: number): UserPages => {
    const known = users.get(userId)
    if (known) {
      touch(userId, known)
      return known
    }
    const made: UserPages = { pages: new Map(), changedAt: forgottenAt, chars: 0 }
    users.set(userId, made)
    chars += USER_OVERHEAD_CHARS
    return made
  }

  const drop = (user: UserPages, url: string) => {
    const page = user.pages.get(url)
    if (!page) return
    user.pages.delete(url)
    user.chars -= page.cost
    chars -= page.cost
  }

  const store = (userId: number, url: string, page: Page) => {
    const user = record(userId)
    drop(user, url)
    user.pages.set(url, page)
    user.chars += page.cost
    chars += page.cost
    for (const oldUrl of user.pages.keys()) {
      if (user.pages.size <= limits.pagesPerUser) break
      drop(user, oldUrl)
    }
    while (chars > limits.totalChars && users.size > 0) forgetOldest()
  }

  const made = ({ body, position }: LoadedPage, storedAt = now()): Page => ({
    body,
    position,
    storedAt,
    variants: new Map(),
    cost: body.length,
  })

  /** The stored page, stating what it now reflects: its bytes made again on demand for the new body. */
  const current = (userId: number, url: string, page: Page): Page => {
    if (page.position >= heardThrough) return page
    const fresh = made({ body: restamp(page.body, heardThrough), position: heardThrough }, page.storedAt)
    store(userId, url, fresh)
    return fresh
  }

  // The bytes count against the budget only while the page is the one stored for its user and URL: a page
  // dropped meanwhile (a change, its age, the budget) or never kept compresses for the answers it serves.
  const shown = (userId: number, url: string, page: Page): CachedPage => ({
    body: page.body,
    compressed: (encoding) => {
      const kept = page.variants.get(encoding)
      if (kept) return kept
      const bytes = compress(page.body, encoding)
      page.variants.set(encoding, bytes)
      const user = users.get(userId)
      if (user?.pages.get(url) === page) {
        page.cost += bytes.length
        user.chars += bytes.length
        chars += bytes.length
        while (chars > limits.totalChars && users.size > 0) forgetOldest()
      }
      return bytes
    },
  })

  return {
    get: (userId, url) => {
      if (!listening) return undefined
      const user = users.get(userId)
      const page = user?.pages.get(url)
      if (!user || !page) return undefined
      if (now() - page.storedAt > limits.maxAgeMs) {
        drop(user, url)
        return undefined
      }
      touch(userId, user)
      return shown(userId, url, current(userId, url, page))
    },
    load: async (userId, url, load) => {
      const startedAt = clock
      const page = made(await load())
      if (listening && lastChange(userId) <= startedAt) store(userId, url, page)
      return shown(userId, url, page)
    },
    changed: (userId) => {
      clock += 1
      const user = record(userId)
      user.changedAt = clock
      chars -= user.chars
      user.chars = 0
      user.pages.clear()
      while (chars > limits.totalChars && users.size > 1) forgetOldest()
    },
    setListening: (now) => {
      if (now === listening) return
      // Losing: whatever was stored may go stale unheard. Either way, a load running across the switch may have
      // read before a change nobody heard, so it is not kept.
      clock += 1
      users.clear()
      chars = 0
      forgottenAt = clock
      listening = now
    },
    heard: (position) => {
      heardThrough = Math.max(heardThrough, position)
    },
    size: () => ({
      users: users.size,
      pages: [...users.values()].reduce((n, u) => n + u.pages.size, 0),
      chars,
    }),
  }
}
