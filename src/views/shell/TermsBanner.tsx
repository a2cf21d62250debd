import { TERMS_OF_SERVICE } from "../../constants"
import * as ui from "../shared/ui.css"
import * as css from "./menu.css"
import { useUiPreferences, useUiSend } from "./ui-hooks"

export function TermsBanner() {
  const dismissed = useUiPreferences((ctx) => ctx.termsBannerDismissed)
  const send = useUiSend()
  if (dismissed) return null
  return (
    <section className={css.banner} aria-label="Terms of Service update">
      <p className={css.bannerText}>
        We are updating our Terms of Service. The new terms take effect on {TERMS_OF_SERVICE.effectiveDate}.
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
