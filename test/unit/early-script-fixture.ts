// Runs index.html's inline script (docs/behaviour.md#early-refresh) in a context of its own, with a fake
// document, location, fetch, lock manager and channel, and gives what it did.
import { runInNewContext } from "node:vm"
import { EARLY_REFRESH_SCRIPT } from "../../src/schema/auth/early-refresh-script"
import { SIGNED_IN_PRELOAD_ID } from "../../src/schema/system/signed-in-preload"

/** The page's origin in these runs. */
export const ORIGIN = "https://office.test"

export interface Run {
  readonly window: Record<string, unknown>
  /** The fetch the script was given (the browser's own). */
  readonly fetch: (url: string, init: Run["calls"][number]["init"]) => Promise<unknown>
  readonly calls: Array<{
    url: string
    init: { method?: string; credentials?: string; headers?: Record<string, string> }
  }>
  readonly locks: string[]
  readonly posted: Array<{ channel: string; message: unknown }>
  /** The links the script added to the head, as rel and href (and `as` for a style). */
  readonly links: string[]
  /**
   * What happened, in order: "refresh" when the refresh was asked, "links" when the preloads were added, a
   * GET's path when the script asked for it.
   */
  readonly order: string[]
  /** Runs the timer the script set, if any. */
  readonly tick: () => void
}

export function run(options: {
  cookie: string
  /** Every fetch's answer, by its URL. */
  answer: (url: string) => Promise<{ ok: boolean; status: number; json: () => Promise<unknown> }>
  locks?: boolean | "held"
  channel?: boolean
  /** The text of index.html's preload list, or undefined for none. */
  preloads?: string
  path?: string
}): Run {
  const calls: Run["calls"] = []
  const locks: string[] = []
  const posted: Run["posted"] = []
  const links: string[] = []
  const order: string[] = []
  const timers: Array<() => void> = []
  const window: Record<string, unknown> = {}
  const document = {
    cookie: options.cookie,
    getElementById: (id: string) =>
      id === SIGNED_IN_PRELOAD_ID && options.preloads !== undefined
        ? { textContent: options.preloads }
        : null,
    createElement: () => ({ rel: "", as: "", crossOrigin: null as string | null, href: "" }),
    head: {
      appendChild: (link: { rel: string; as: string; crossOrigin: string | null; href: string }) => {
        if (!links.length) order.push("links")
        links.push(
          `${link.rel}${link.as ? ` ${link.as}` : ""} ${link.href}${link.crossOrigin === "" ? "" : " (no cors)"}`,
        )
      },
    },
  }
  class FakeChannel {
    constructor(readonly name: string) {}
    postMessage(message: unknown) {
      posted.push({ channel: this.name, message })
    }
    close() {}
  }
  const fetch = (url: string, init: Run["calls"][number]["init"]) => {
    calls.push({ url, init })
    order.push(init.method === "GET" ? url.replace(ORIGIN, "") : "refresh")
    return options.answer(url)
  }
  runInNewContext(EARLY_REFRESH_SCRIPT, {
    window,
    document,
    location: { pathname: options.path ?? "/dashboard", origin: ORIGIN },
    setTimeout: (callback: () => void) => timers.push(callback),
    navigator: {
      locks:
        options.locks === false
          ? undefined
          : {
              request: (name: string, callback: () => Promise<unknown>) => {
                locks.push(name)
                // A lock another tab holds is never granted here.
                return options.locks === "held" ? new Promise(() => undefined) : callback()
              },
            },
    },
    fetch,
    Headers,
    ...(options.channel === false ? {} : { BroadcastChannel: FakeChannel }),
  })
  return {
    window,
    fetch,
    calls,
    locks,
    posted,
    links,
    order,
    tick: () => {
      for (const timer of timers.splice(0)) timer()
    },
  }
}

export const answered = (status: number, body: unknown) => () =>
  Promise.resolve({ ok: status < 300, status, json: () => Promise.resolve(body) })
