import { CircleAlert, CircleCheck, CircleX, Clock } from "lucide-react"
import type { ChecklistEntry } from "../../schema/marketplace/marketplace"
import * as css from "./checklist.css"
import { entryLabel, entryNote, STATE_WORD } from "./checklist-words"

const LOOK = {
  present: { Icon: CircleCheck, tone: css.state.present },
  missing: { Icon: CircleX, tone: css.state.missing },
  expired: { Icon: CircleAlert, tone: css.state.missing },
  expiring: { Icon: Clock, tone: css.state.expiring },
} as const

/** The documents an application needs, each present, missing, expired or expiring (docs/behaviour.md#documents). */
export function Checklist({ entries }: { entries: ReadonlyArray<ChecklistEntry> }) {
  return (
    <ul className={css.list} aria-label="Required documents">
      {entries.map((entry) => {
        const { Icon, tone } = LOOK[entry.state]
        const note = entryNote(entry)
        return (
          <li key={entry.kind} className={css.item}>
            <span className={css.name}>{entryLabel(entry)}</span>
            <span className={tone}>
              <Icon size={14} aria-hidden="true" />
              {STATE_WORD[entry.state]}
            </span>
            {note ? <span className={css.note}>{note}</span> : null}
          </li>
        )
      })}
    </ul>
  )
}
