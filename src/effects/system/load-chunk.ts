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
