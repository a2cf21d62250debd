import { ChevronRight } from "lucide-react"
import { Link } from "wouter"
import * as css from "./breadcrumbs.css"

export interface Crumb {
  readonly label: string
  /** Absent for the page itself, the last crumb. */
  readonly href?: string
}

/** Where a page sits: each step back is a link; the page itself ends the trail as the current page. */
export function Breadcrumbs({ trail }: { trail: ReadonlyArray<Crumb> }) {
  return (
    <nav aria-label="Breadcrumb" className={css.nav}>
      <ol className={css.list}>
        {trail.map((crumb, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a trail's steps keep their order; labels may repeat
          <li key={index} className={css.item}>
            {index > 0 ? <ChevronRight className={css.separator} size={14} aria-hidden="true" /> : null}
            {crumb.href ? (
              <Link href={crumb.href} className={css.link}>
                {crumb.label}
              </Link>
            ) : (
              <span aria-current="page" className={css.current} title={crumb.label}>
                {crumb.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}
