// A seeded pseudo-random source, so that the demo data is the same on every machine and every run.

export interface Random {
  /** [0, 1) */
  readonly next: () => number
  /** An integer in [min, max]. */
  readonly int: (min: number, max: number) => number
  readonly pick: <T>(items: ReadonlyArray<T>) => T
  /** `count` distinct items, in random order. */
  readonly sample: <T>(items: ReadonlyArray<T>, count: number) => T[]
  readonly chance: (p: number) => boolean
  /** A version 4 UUID drawn from this source. */
  readonly uuid: () => string
}

/** mulberry32: tiny, fast and good enough for demo data (not for anything secret). */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1))
  const pick = <T>(items: ReadonlyArray<T>): T => {
    const item = items[int(0, items.length - 1)]
    if (item === undefined) throw new Error("pick from an empty list")
    return item
  }
  const sample = <T>(items: ReadonlyArray<T>, count: number): T[] => {
    const pool = [...items]
    const out: T[] = []
    while (out.length < count && pool.length > 0) out.push(...pool.splice(int(0, pool.length - 1), 1))
    return out
  }
  const hex = (n: number): string => Array.from({ length: n }, () => int(0, 15).toString(16)).join("")
  const uuid = (): string =>
    `${hex(8)}-${hex(4)}-4${hex(3)}-${(8 + int(0, 3)).toString(16)}${hex(3)}-${hex(12)}`
  return { next, int, pick, sample, chance: (p) => next() < p, uuid }
}
