// Identical reads asked for at the same time share one query, without ever answering from the past: a caller
// joins only a load that starts after it asked. While a load for a key runs, everyone who asks meanwhile waits
// for the one next load, started when the running one ends. So each answer is at least as fresh as a query of
// its own would have been, and a burst of N identical requests costs about two queries instead of N.

export type Coalesce<K, V> = (key: K, load: () => Promise<V>) => Promise<V>

interface Slot<V> {
  running: Promise<V> | null
  queued: Promise<V> | null
}

/** `load` must be the same read for the same key: the first caller's is run for everyone who joins it. */
export function coalescer<K, V>(): Coalesce<K, V> {
  const slots = new Map<K, Slot<V>>()

  const start = (key: K, slot: Slot<V>, load: () => Promise<V>): Promise<V> => {
    const running = Promise.resolve().then(load)
    slot.running = running
    const settle = () => {
      if (slot.running !== running) return
      slot.running = null
      if (!slot.queued) slots.delete(key)
    }
    running.then(settle, settle)
    return running
  }

  return (key, load) => {
    let slot = slots.get(key)
    if (!slot) {
      slot = { running: null, queued: null }
      slots.set(key, slot)
    }
    if (!slot.running) return start(key, slot, load)
    if (slot.queued) return slot.queued
    const current = slot
    const ended = slot.running.then(
      () => undefined,
      () => undefined,
    )
    const queued = ended.then(() => {
      current.queued = null
      return start(key, current, load)
    })
    current.queued = queued
    return queued
  }
}
