import { DialogFrame } from "../shared/DialogFrame"
import * as triage from "./triage.css"

// The one place the list's keyboard shortcuts are said: nothing else announces them, so a screen reader user
// hears them when they ask (?) and is not interrupted otherwise.

export const LIST_SHORTCUTS: ReadonlyArray<readonly [string, string]> = [
  ["j or ↓", "Move the row cursor down"],
  ["k or ↑", "Move the row cursor up"],
  ["Enter", "Open the record under the cursor"],
  ["x", "Select or unselect the record under the cursor"],
  ["a", "Approve (or accept) the selected records, or the one under the cursor"],
  ["r", "Reject the selected records, or the one under the cursor"],
  ["?", "Show these shortcuts"],
  ["Ctrl+K or ⌘K", "Search pages and records"],
]

export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <DialogFrame open={open} title="Keyboard shortcuts" onCancel={onClose} cancelLabel="Close">
      <p className={triage.hint}>
        Not while typing in a field. Approve and reject ask first, as the buttons do.
      </p>
      <dl className={triage.keys}>
        {LIST_SHORTCUTS.map(([keys, action]) => (
          <div key={keys} style={{ display: "contents" }}>
            <dt className={triage.key}>{keys}</dt>
            <dd className={triage.keyAction}>{action}</dd>
          </div>
        ))}
      </dl>
    </DialogFrame>
  )
}
