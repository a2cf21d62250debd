import { useSelector } from "@xstate/react"
import type { ActorRefFrom } from "xstate"
import type { bulkReviewMachine } from "../../machines/marketplace/bulk-review.machine"

// The row checkboxes of a pending list. Native checkboxes: Tab reaches them, Space ticks them, and each is
// named after its record so that a screen reader says what is being ticked.

export type BulkRef = ActorRefFrom<typeof bulkReviewMachine>

/** Ticking is closed while the dialog is open or a batch runs: the batch is fixed by then. */
const isLocked = (s: ReturnType<BulkRef["getSnapshot"]>): boolean =>
  !s.matches("selecting") && !s.matches("reported")

export function SelectRow({ actor, uuid, title }: { actor: BulkRef; uuid: string; title: string }) {
  const checked = useSelector(actor, (s) => s.context.selected.includes(uuid))
  const locked = useSelector(actor, isLocked)
  return (
    <input
      type="checkbox"
      aria-label={`Select ${title}`}
      checked={checked}
      disabled={locked}
      onChange={() => actor.send({ type: "bulk.toggle", uuid })}
    />
  )
}

export function SelectAllRows({ actor }: { actor: BulkRef }) {
  const selected = useSelector(actor, (s) => s.context.selected.length)
  const rows = useSelector(actor, (s) => s.context.rows.length)
  const locked = useSelector(actor, isLocked)
  return (
    <input
      type="checkbox"
      aria-label="Select all on this page"
      checked={rows > 0 && selected === rows}
      // Some but not all ticked: shown as "mixed", as a screen reader also announces it.
      ref={(el) => {
        if (el) el.indeterminate = selected > 0 && selected < rows
      }}
      disabled={locked || rows === 0}
      onChange={() => actor.send({ type: "bulk.toggleAll" })}
    />
  )
}
