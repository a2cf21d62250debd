// Work a request starts but does not wait for (upgrading a stored password hash after a sign-in). Each task
// is tracked so that shutting down waits for it instead of closing the database under it, and a failure is
// logged instead of escaping as an unhandled rejection.

export interface Background {
  readonly run: (task: () => Promise<void>) => void
  /** Resolves when every task started so far has ended. */
  readonly drain: () => Promise<void>
}

export function createBackground(onError: (error: unknown) => void): Background {
  const running = new Set<Promise<void>>()
  return {
    run: (task) => {
      const done: Promise<void> = Promise.resolve()
        .then(task)
        .catch(onError)
        .finally(() => running.delete(done))
      running.add(done)
    },
    drain: async () => {
      while (running.size > 0) await Promise.all([...running])
    },
  }
}
