import { useState } from "react"
import * as ui from "../shared/ui.css"
import * as css from "./second-factor.css"

/**
 * Ten single-use recovery codes, shown once: each lets you in once if your app or passkey is not at hand.
 * Copy and download are offered, so that they are kept somewhere else than this screen.
 */
export function RecoveryCodesPanel({ codes }: { codes: ReadonlyArray<string> }) {
  const [copied, setCopied] = useState<"yes" | "no" | null>(null)
  const text = `${codes.join("\n")}\n`
  const copy = () => {
    navigator.clipboard.writeText(text).then(
      () => setCopied("yes"),
      () => setCopied("no"),
    )
  }
  return (
    <div className={css.codesPanel}>
      <p>
        <strong>Save these recovery codes now: they are shown only once.</strong> Each one signs you in once
        when your authenticator app or passkey is not at hand.
      </p>
      <ol className={css.codes} aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className={css.actions}>
        <button type="button" className={ui.button.secondary} onClick={copy}>
          Copy codes
        </button>
        <a
          className={ui.button.secondary}
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="recovery-codes.txt"
        >
          Download codes
        </a>
      </div>
      {copied === null ? null : (
        <p role="status" className={copied === "yes" ? ui.successText : ui.errorText}>
          {copied === "yes" ? "Copied." : "They could not be copied: select them or download them instead."}
        </p>
      )}
    </div>
  )
}
