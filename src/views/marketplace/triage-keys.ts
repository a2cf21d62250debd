// Which keyboard shortcut of a list a key press is (docs/behaviour.md#keyboard-triage). A shortcut is never
// taken from someone typing (a field, a contenteditable), from a press with Ctrl, Cmd or Alt (the browser's
// and the screen reader's own commands), or while a dialog is open; Enter is left to a focused link or button.

export type TriageCommand = "down" | "up" | "open" | "select" | "approve" | "reject" | "help"

const KEYS: Readonly<Record<string, TriageCommand>> = {
  j: "down",
  ArrowDown: "down",
  k: "up",
  ArrowUp: "up",
  Enter: "open",
  x: "select",
  a: "approve",
  r: "reject",
  "?": "help",
}

const TYPING = "input, textarea, select, [contenteditable]:not([contenteditable='false'])"
const ACTIVATES =
  "a[href], button, summary, [role='button'], [role='link'], [role='menuitem'], [role='option']"

export interface KeyPress {
  readonly key: string
  readonly ctrlKey: boolean
  readonly metaKey: boolean
  readonly altKey: boolean
  readonly defaultPrevented: boolean
  readonly target: EventTarget | null
}

export function triageCommand(e: KeyPress, dialogOpen: boolean): TriageCommand | null {
  if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || dialogOpen) return null
  const command = KEYS[e.key]
  if (command === undefined) return null
  const target = e.target instanceof Element ? e.target : null
  if (target?.closest(TYPING)) return null
  if (command === "open" && target?.closest(ACTIVATES)) return null
  return command
}
