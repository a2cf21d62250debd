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

export interface PageCacheLimits {
  /** Pages kept per user (the first pages of each filter the bell and the list use). */
  readonly pagesPerUser: number
  /** All bodies together, in UTF-16 code units (JavaScript string length). */
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

interface Page {
  readonly body: string
  readonly storedAt: number
}

interface UserPages {
  /** URL → page, oldest first. */
  readonly pages: Map<string, Page>
  /** The stamp of the latest change to this user's notifications. */
  changedAt: number
  chars: number
}

export interface PageCache {
  /** The stored body for this user and request URL, if any and if changes can be heard now. */
  readonly get: (userId: number, url: string) => string | undefined
  /** Runs `load` and keeps its body, unless a change to the user was stamped since it began. */
  readonly load: (userId: number, url: string, load: () => Promise<string>) => Promise<string>
  /** The user's notifications changed (heard, or written here). */
  readonly changed: (userId: number) => void
  /** Whether changes can be heard: false drops everything and keeps nothing until true again. */
  readonly setListening: (listening: boolean) => void
  /** Bodies stored, for tests and the benchmark. */
  readonly size: () => { readonly users: number; readonly pages: number; readonly chars: number }
}

export function createPageCache(
  limits: PageCacheLimits = PAGE_CACHE_LIMITS,
  now: () => number = Date.now,
): PageCache {
  // Least recently used first: a Map iterates in insertion order, and a use re-inserts.
  const users = new Map<number, UserPages>()
  let clock = 0
  // A user dropped to stay within budget takes their change stamp along: every user not in `users` is taken to
  // have changed at the latest stamp ever dropped (or at the last time listening was lost).
  let forgottenAt = 0
  let listening = true
  let chars = 0

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
    user.chars -= page.body.length
    chars -= page.body.length
  }

  const store = (userId: number, url: string, body: string) => {
    const user = record(userId)
    drop(user, url)
    user.pages.set(url, { body, storedAt: now() })
    user.chars += body.length
    chars += body.length
    for (const oldUrl of user.pages.keys()) {
      if (user.pages.size <= limits.pagesPerUser) break
      drop(user, oldUrl)
    }
    while (chars > limits.totalChars && users.size > 0) forgetOldest()
  }

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
      return page.body
    },
    load: async (userId, url, load) => {
      const startedAt = clock
      const body = await load()
      if (listening && lastChange(userId) <= startedAt) store(userId, url, body)
      return body
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
    size: () => ({
      users: users.size,
      pages: [...users.values()].reduce((n, u) => n + u.pages.size, 0),
      chars,
    }),
  }
}
