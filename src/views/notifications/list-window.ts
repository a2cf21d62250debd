// Which rows of a long list to render: those in and near the visible band, with the height of the rest as
// padding so the scrollbar stays true. Rows vary in height: measured heights are used where known, an
// estimate elsewhere. Pure, so it is unit-tested (test/unit/list-window.test.ts).

/** Below this many rows everything is rendered: cheap, and find-in-page sees every row. */
export const WINDOW_FROM_ROWS = 200
/** Rows assumed this tall until measured (px). */
export const ESTIMATED_ROW_PX = 64
/** Rendered beyond each edge of the visible band (px), so scrolling and Tab meet rows already there. */
export const OVERSCAN_PX = 800

export interface WindowInput {
  readonly count: number
  /** A row's measured height, or undefined if it has not been rendered yet. */
  readonly heightOf: (index: number) => number | undefined
  /** The visible band, in px from the list's top (may be negative or past the end). */
  readonly top: number
  readonly bottom: number
  readonly estimate?: number
  readonly overscan?: number
}

export interface ListWindow {
  /** First rendered row. */
  readonly start: number
  /** One past the last rendered row. */
  readonly end: number
  /** Height of the rows before start and after end (px). */
  readonly before: number
  readonly after: number
}

export function listWindow(input: WindowInput): ListWindow {
  const { count, heightOf, estimate = ESTIMATED_ROW_PX, overscan = OVERSCAN_PX } = input
  if (count <= 0) return { start: 0, end: 0, before: 0, after: 0 }
  const from = input.top - overscan
  const to = input.bottom + overscan
  let offset = 0
  let start = count
  let before = 0
  let end = count
  for (let index = 0; index < count; index++) {
    const height = heightOf(index) ?? estimate
    // A row is rendered if any of it lies in [from, to).
    if (start === count && offset + height > from) {
      start = index
      before = offset
    }
    if (start !== count && offset >= to) {
      end = index
      break
    }
    offset += height
  }
  // Band wholly past the end: keep the last row rendered so the list never renders nothing.
  if (start === count) {
    start = count - 1
    before = offset - (heightOf(start) ?? estimate)
    end = count
  }
  end = Math.max(end, start + 1)
  let after = 0
  for (let index = end; index < count; index++) after += heightOf(index) ?? estimate
  return { start, end, before, after }
}

/** The top of row `index` in px from the list's top. */
export function rowOffset(
  index: number,
  heightOf: (index: number) => number | undefined,
  estimate = ESTIMATED_ROW_PX,
): number {
  let offset = 0
  for (let i = 0; i < index; i++) offset += heightOf(i) ?? estimate
  return offset
}

/** The estimate for rows not yet measured: the mean of those measured, so that measuring a row seldom moves
 * what lies below it (a moving Load More button is a missed click). */
export function meanHeight(measured: Iterable<number>, fallback = ESTIMATED_ROW_PX): number {
  let sum = 0
  let count = 0
  for (const height of measured) {
    sum += height
    count += 1
  }
  return count === 0 ? fallback : sum / count
}
