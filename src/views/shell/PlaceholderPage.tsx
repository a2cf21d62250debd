import * as ui from "../shared/ui.css"

/** A linked page whose content is not part of this release, or a screen a later release builds. */
export function PlaceholderPage({ title, message }: { title: string; message: string }) {
  return (
    <section className={ui.page} aria-labelledby="page-title">
      <h1 id="page-title" className={ui.pageTitle}>
        {title}
      </h1>
      <p className={ui.muted}>{message}</p>
    </section>
  )
}

export const NOT_IN_RELEASE = "This page is not part of this release."
