/** Ctrl/Cmd+K: opens the command palette (docs/behaviour.md#command-palette). */
export const isPaletteKey = (e: Pick<KeyboardEvent, "ctrlKey" | "metaKey" | "altKey" | "shiftKey" | "key">) =>
  (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === "k"
