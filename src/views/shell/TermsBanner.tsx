import { TERMS_OF_SERVICE } from "../../constants"
import * as ui from "../shared/ui.css"
import * as css from "./menu.css"
import * as own from "./terms-banner.css"
import { useUiPreferences, useUiSend } from "./ui-hooks"

const TERMS_BANNER_FULL = `We are updating our Terms of Service. The new terms take effect on ${TERMS_OF_SERVICE.effectiveDate}.`

export function TermsBanner() {
  const dismissed = useUiPreferences((ctx) => ctx.termsBannerDismissed)
  const send = useUiSend()
  if (dismissed) return null
  return (
    <section className={`${css.banner} ${own.bannerNarrow}`} aria-label="Terms of Service update">
      <p className={`${css.bannerText} ${own.text}`}>
        <span className={own.fullText}>{TERMS_BANNER_FULL}</span>
        {/* The phone's one line says the same in fewer words; screen readers read the full sentence. */}
        <span className={own.shortText} aria-hidden="true" title={TERMS_BANNER_FULL}>
          New terms: {TERMS_OF_SERVICE.effectiveDate}
        </span>
      </p>
      <button
        type="button"
        className={ui.button.ghost}
        onClick={() => send({ type: "ui.dismissTermsBanner" })}
      >
        Dismiss
      </button>
    </section>
  )
}
