import type { IssuedLinkView } from "../../machines/accounts/staff.machine"
import { formatWhen } from "../marketplace/format"
import * as ui from "../shared/ui.css"
import * as css from "./staff.css"
import { useCopy } from "./staff-hooks"
import { MAIL_WORDS, STAFF_WORDS } from "./staff-words"

/** The link just issued, to copy and hand over: it works once, until it expires. */
export function IssuedLinkPanel({ issued, onDone }: { issued: IssuedLinkView; onDone: () => void }) {
  const { copy, outcome } = useCopy(issued.url)
  const title = issued.kind === "reset" ? STAFF_WORDS.resetLink : STAFF_WORDS.invitationLink
  return (
    <section className={`${ui.card} ${css.issued}`} aria-label={title}>
      <h2 className={css.issuedTitle}>{title}</h2>
      <div className={css.linkRow}>
        <input
          className={`${ui.input} ${css.linkField}`}
          readOnly
          value={issued.url}
          aria-label={title}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" className={ui.button.primary} onClick={copy}>
          {outcome === "copied" ? STAFF_WORDS.copied : STAFF_WORDS.copy}
        </button>
        <button type="button" className={ui.button.secondary} onClick={onDone}>
          {STAFF_WORDS.done}
        </button>
      </div>
      <p className={`${ui.muted} ${css.issuedNote}`}>
        It works once, until {formatWhen(issued.expiresAt)}.
        {issued.mail ? ` ${MAIL_WORDS[issued.mail]}` : null}
      </p>
      {/* Said aloud when it changes; a failure is shown too, a success already shows on the button. */}
      <p role="status" className={outcome === "failed" ? ui.errorText : "visually-hidden"}>
        {outcome === "failed" ? STAFF_WORDS.copyFailed : outcome === "copied" ? STAFF_WORDS.linkCopied : ""}
      </p>
    </section>
  )
}
