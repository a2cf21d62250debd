import type { FastifyInstance } from "fastify"

// The shape every scheduled look shares: each instance runs it on its own interval, measured by the app's
// clock inside `run` so that tests move time instead of waiting. A look still running when the next is due is
// not doubled, a failure is logged and the next look tries again, and shutdown waits for the running look.

export interface PeriodicLook {
  /** What the log says when a look fails ("overdue reminders"). */
  readonly what: string
  readonly everyMs: number
  /** Does one look and says how many things it did (sent, expired, pruned). */
  readonly run: () => Promise<number>
  /** Logs a look that did something; a look that did nothing says nothing. */
  readonly report: (done: number) => void
}

export function schedulePeriodic(app: FastifyInstance, look: () => PeriodicLook): void {
  let running: Promise<void> | null = null
  let timer: ReturnType<typeof setInterval> | null = null

  app.addHook("onReady", async () => {
    const { what, everyMs, run, report } = look()
    const once = () => {
      if (running) return
      running = run()
        .then((done) => {
          if (done > 0) report(done)
        })
        .catch((error: unknown) => app.log.warn({ err: error }, `${what} failed`))
        .finally(() => {
          running = null
        })
    }
    timer = setInterval(once, everyMs)
    timer.unref()
  })
  app.addHook("onClose", async () => {
    if (timer) clearInterval(timer)
    await running
  })
}
