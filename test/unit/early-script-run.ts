// Runs index.html's inline script (docs/behaviour.md#early-refresh) in a context of its own, with a fake
// document, fetch, lock manager and channel, and records what it did.
import { runInNewContext } from "node:vm"
import { EARLY_REFRESH_PATH, EARLY_REFRESH_SCRIPT } from "../../src/schema/early-refresh-script"
import { SIGNED_IN_PRELOAD_ID } from "../../src/schema/signed-in-preload"

export interface FakeResponse {
  readonly ok: boolean
  readonly status: number
  readonly json: () => Promise<unknown>
}

export interface Run {
  readonly window: Record<string, unknown>
  readonly calls: Array<{
    url: string
    init: { method?: string; credentials?: string; headers?: Record<string, string>; priority?: string }
  }>
  readonly locks: string[]
  readonly posted: Array<{ channel: string; message: unknown }>
  /** The links the script added to the head, as rel and href (and `as` for a style). */
  readonly links: string[]
  /** What happened, in order: "refresh" when the refresh was asked, "links" when the preloads were added. */
  readonly order: string[]
  /** Runs the timer the script set, if any. */
  readonly tick: () => void
}

export function run(options: {
  cookie: string
  /** The refresh's answer. */
  answer: () => Promise<FakeResponse>
  /** The answer of any other call (default: 200 with a JSON null). */
  api?: (url: string) => Promise<FakeResponse>
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
  runInNewContext(EARLY_REFRESH_SCRIPT, {
    window,
    document,
    location: { pathname: options.path ?? "/dashboard" },
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
    fetch: (url: string, init: Run["calls"][number]["init"]) => {
      calls.push({ url, init })
      if (url !== EARLY_REFRESH_PATH) return (options.api ?? answered(200, null))(url)
      order.push("refresh")
      return options.answer()
    },
    ...(options.channel === false ? {} : { BroadcastChannel: FakeChannel }),
  })
  return {
    window,
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

export const answered = (status: number, body: unknown) => (): Promise<FakeResponse> =>
  Promise.resolve({ ok: status < 300, status, json: () => Promise.resolve(body) })
