// Counts the statements a step sends to the database and those it wakes (a NOTIFY's read, a commit's round),
// through the server's onStatement observer: shared by the tests that hold a call or a frame to a ceiling.

/** Long enough without a statement that whatever the last step woke has run. */
const QUIET_MS = 300
const QUIET_LIMIT_MS = 5_000

export interface StatementRecorder {
  /** The server's observer: every statement but those `ignored` matches (timers', the test's own). */
  readonly onStatement: (text: string) => void
  /** The statements sent from the step until all it woke has run, each on one line of at most 120 characters. */
  readonly counted: <T>(step: () => Promise<T>) => Promise<{ sent: string[]; result: T }>
}

export function statementRecorder(ignored: RegExp): StatementRecorder {
  const seen: string[] = []
  let recording = false
  let lastAt = 0
  const quiet = async () => {
    const limit = performance.now() + QUIET_LIMIT_MS
    for (;;) {
      const idle = performance.now() - lastAt
      if (idle >= QUIET_MS || performance.now() > limit) return
      await new Promise((resolve) => setTimeout(resolve, QUIET_MS - idle))
    }
  }
  return {
    onStatement: (text) => {
      if (ignored.test(text)) return
      lastAt = performance.now()
      if (recording) seen.push(text.replace(/\s+/g, " ").slice(0, 120))
    },
    counted: async (step) => {
      await quiet()
      seen.length = 0
      recording = true
      const result = await step()
      await quiet()
      recording = false
      return { sent: [...seen], result }
    },
  }
}
