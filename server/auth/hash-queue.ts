// Password hashing is the one CPU-bound step of a sign-in, and it runs on libuv's thread pool, the pool that
// also signs access tokens (WebCrypto) and serves file IO. Handing every sign-in's hash to that pool at once
// fills it: each login's later steps then wait behind every other login's hash, and a burst all finishes
// together at the end. This queue lets only a few hashes run at once, first come first served, so a login
// whose hash is done finds a free thread for the rest of its work and answers at once.
import { availableParallelism } from "node:os"

/** `now`: a sign-in is waiting for it. `later`: background work (upgrading a stored hash) that yields to it. */
export type HashLane = "now" | "later"

export interface HashQueue {
  readonly run: <T>(job: () => Promise<T>, lane?: HashLane) => Promise<T>
  /** Jobs running and waiting, for tests and diagnostics. */
  readonly load: () => { readonly running: number; readonly waiting: number }
}

/** libuv's default pool size when UV_THREADPOOL_SIZE is not set. */
const LIBUV_DEFAULT_POOL = 4

/**
 * As many hashes at once as there are cores, and always one pool thread left free for the rest of the
 * server's work (a pool of 4 on an 8-core machine: 3).
 */
export function defaultHashConcurrency(
  env: Readonly<Record<string, string | undefined>> = process.env,
): number {
  const pool = Number(env.UV_THREADPOOL_SIZE) || LIBUV_DEFAULT_POOL
  return Math.max(1, Math.min(availableParallelism(), pool - 1))
}

export function createHashQueue(concurrency: number): HashQueue {
  const waiting: Record<HashLane, Array<() => void>> = { now: [], later: [] }
  let running = 0

  const startNext = () => {
    while (running < concurrency) {
      const start = waiting.now.shift() ?? waiting.later.shift()
      if (!start) return
      running += 1
      start()
    }
  }

  return {
    run: (job, lane = "now") =>
      new Promise((resolve, reject) => {
        waiting[lane].push(() => {
          Promise.resolve()
            .then(job)
            .then(resolve, reject)
            .finally(() => {
              running -= 1
              startNext()
            })
        })
        startNext()
      }),
    load: () => ({ running, waiting: waiting.now.length + waiting.later.length }),
  }
}
