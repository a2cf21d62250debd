/** A page chunk that neither arrives nor fails within the timeout is treated as failed. */
export class ChunkLoadError extends Error {
  override readonly name = "ChunkLoadError"
}

export function loadChunk<T>(load: () => Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`The page did not load within ${timeoutMs / 1000} s.`)),
      timeoutMs,
    )
    load().then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(new ChunkLoadError(error instanceof Error ? error.message : "The page could not be loaded."))
      },
    )
  })
}

/**
 * An on-demand part's code (a toaster, a menu's popup, a card), downloaded once at its first call. A download
 * that fails (the network gone, the server restarting) is tried again every `retryMs` until one arrives,
 * rather than kept: a rejected import would reach React's render through `lazy` and unmount the whole page.
 */
export function onDemand<T>(load: () => Promise<T>, retryMs: number): () => Promise<T> {
  let loading: Promise<T> | undefined
  const attempt = (): Promise<T> =>
    load().catch(() => new Promise((resolve) => setTimeout(resolve, retryMs)).then(attempt))
  return () => {
    loading ??= attempt()
    return loading
  }
}
