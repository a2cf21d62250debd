import {
  type FocusEvent,
  type ReactNode,
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react"
import { FIRST_SCREEN_ROWS } from "../../constants"
import { relativeTime } from "../../machines/system/relative-time"
import type { Notification } from "../../schema/notifications/notifications"
import * as css from "./bell.css"
import { listWindow, meanHeight, rowOffset, WINDOW_FROM_ROWS } from "./list-window"
import { NotificationRow, type RowActions } from "./NotificationRow"

interface RowsProps {
  readonly items: ReadonlyArray<Notification>
  /** The notifications actor's clock: each rendered row gets its label as a string, so a tick re-renders
   * only the rows whose 'x ago' changed. */
  readonly now: number
  readonly actions: RowActions
  readonly archived: boolean
  readonly onOpen?: (() => void) | undefined
}

interface Band {
  readonly top: number
  readonly bottom: number
}

// The band is kept in steps of this many px: scrolling re-renders the list once per step, not per event.
const BAND_STEP_PX = 200

/** The visible part of `list`, in px from its top: the window, clipped by the nearest scrolling ancestor. */
function visibleBand(list: HTMLElement): Band {
  const rect = list.getBoundingClientRect()
  let top = 0
  let bottom = window.innerHeight
  for (let node = list.parentElement; node !== null; node = node.parentElement) {
    const overflow = getComputedStyle(node).overflowY
    if (overflow === "auto" || overflow === "scroll") {
      const clip = node.getBoundingClientRect()
      top = Math.max(top, clip.top)
      bottom = Math.min(bottom, clip.bottom)
      break
    }
  }
  return {
    top: Math.floor((top - rect.top) / BAND_STEP_PX) * BAND_STEP_PX,
    bottom: Math.ceil((bottom - rect.top) / BAND_STEP_PX) * BAND_STEP_PX,
  }
}

/**
 * The list's rows. A long list (paged out to thousands with Load More) renders only the rows in and near the
 * visible band, with the measured or estimated height of the others as padding; the row holding focus stays
 * rendered wherever it is, so a keyboard user never loses their place (bench/list-scroll.ts).
 */
export function NotificationRows({ items, now, actions, archived, onOpen }: RowsProps) {
  const listRef = useRef<HTMLUListElement>(null)
  // Measured row heights by notification id: a row keeps its height when rows are added or removed above it.
  const heights = useRef(new Map<number, number>())
  const [measured, setMeasured] = useState(0)
  const [band, setBand] = useState<Band>({ top: 0, bottom: window.innerHeight })
  const [focused, setFocused] = useState<number | null>(null)
  const windowed = items.length > WINDOW_FROM_ROWS
  // A short list's rows of a first screen are built first, the rest in a render of its own that React runs
  // after that paint: the whole page of rows, with their layout, was most of the inbox's first render on a
  // slow phone.
  const deferred = useDeferredValue(items.length, Math.min(items.length, FIRST_SCREEN_ROWS))
  const built = Math.max(FIRST_SCREEN_ROWS, deferred)

  useEffect(() => {
    if (!windowed) return
    const update = () => {
      const list = listRef.current
      if (list === null) return
      const next = visibleBand(list)
      setBand((current) => (current.top === next.top && current.bottom === next.bottom ? current : next))
    }
    update()
    // Capture: a scroll of the page or of the bell panel's scroller both move the band.
    window.addEventListener("scroll", update, { capture: true, passive: true })
    window.addEventListener("resize", update, { passive: true })
    return () => {
      window.removeEventListener("scroll", update, { capture: true })
      window.removeEventListener("resize", update)
    }
  }, [windowed])

  // Measure the rendered rows before paint; a changed height recomputes the window.
  useLayoutEffect(() => {
    const list = listRef.current
    if (list === null || !windowed) return
    let changed = false
    for (const row of list.children) {
      const id = Number((row as HTMLElement).dataset.id)
      if (!Number.isFinite(id) || id === 0) continue
      const height = row.getBoundingClientRect().height
      if (Math.abs((heights.current.get(id) ?? -1) - height) > 0.5) {
        heights.current.set(id, height)
        changed = true
      }
    }
    if (changed) setMeasured((n) => n + 1)
  })

  const onFocus = useCallback((event: FocusEvent<HTMLUListElement>) => {
    // By id, not index: a live notification arriving at the top shifts every index.
    const row = (event.target as HTMLElement).closest<HTMLElement>("li[data-id]")
    setFocused(row === null ? null : Number(row.dataset.id))
  }, [])
  const onBlur = useCallback((event: FocusEvent<HTMLUListElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(null)
  }, [])

  const row = (index: number) => {
    const item = items[index] as Notification
    return (
      <NotificationRow
        key={item.id}
        item={item}
        index={index}
        setSize={items.length}
        label={now > 0 ? relativeTime(item.created_at, now) : ""}
        actions={actions}
        archived={archived}
        onOpen={onOpen}
      />
    )
  }

  if (!windowed)
    return (
      <ul className={css.list} aria-label="Notification list">
        {items.slice(0, built).map((_, index) => row(index))}
      </ul>
    )

  void measured // the window below reads heights.current, which `measured` tracks
  const estimate = meanHeight(heights.current.values())
  const heightOf = (index: number) => heights.current.get((items[index] as Notification).id) ?? estimate
  const { start, end } = listWindow({ count: items.length, heightOf, top: band.top, bottom: band.bottom })
  // The focused row, if outside the window, is rendered in its place with a spacer between it and the window.
  const focusedIndex = focused === null ? -1 : items.findIndex((item) => item.id === focused)
  const keep = focusedIndex >= 0 && (focusedIndex < start || focusedIndex >= end) ? focusedIndex : null
  const segments: Array<readonly [number, number]> =
    keep === null
      ? [[start, end]]
      : keep < start
        ? [
            [keep, keep + 1],
            [start, end],
          ]
        : [
            [start, end],
            [keep, keep + 1],
          ]
  const children: ReactNode[] = []
  let previousEnd = -1
  for (const [from, to] of segments) {
    if (previousEnd >= 0) {
      const gap = rowOffset(from, heightOf) - rowOffset(previousEnd, heightOf)
      children.push(<li key={`gap-${from}`} aria-hidden="true" className={css.gap} style={{ height: gap }} />)
    }
    for (let index = from; index < to; index++) children.push(row(index))
    previousEnd = to
  }
  const first = segments[0]?.[0] ?? 0
  const last = segments[segments.length - 1]?.[1] ?? 0
  const total = rowOffset(items.length, heightOf)
  return (
    <ul
      ref={listRef}
      className={css.list}
      aria-label="Notification list"
      onFocus={onFocus}
      onBlur={onBlur}
      style={{ paddingTop: rowOffset(first, heightOf), paddingBottom: total - rowOffset(last, heightOf) }}
    >
      {children}
    </ul>
  )
}
