import type { ReactNode } from "react"
import * as css from "./reports.css"

// A table too wide for a phone keeps its columns readable and scrolls within its own box; the page does not.
// Where the box is narrower than the table a line says so; the box is reachable by keyboard and named.

export function ScrollingTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={css.scrollRegion}>
      <p className={css.scrollHint} aria-hidden="true">
        {label}: scroll the table sideways for every column.
      </p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable by keyboard. */}
      <section className={css.scroller} tabIndex={0} aria-label={`${label}, scrollable`}>
        {children}
      </section>
    </div>
  )
}
