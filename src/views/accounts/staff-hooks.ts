import { useCallback, useState } from "react"

/** Copies text to the clipboard; says whether it worked, until the text to copy changes. */
export function useCopy(text: string): { copy: () => void; outcome: "copied" | "failed" | null } {
  const [done, setDone] = useState<{ text: string; ok: boolean } | null>(null)
  const copy = useCallback(() => {
    const clipboard = typeof navigator === "undefined" ? undefined : navigator.clipboard
    if (!clipboard) {
      setDone({ text, ok: false })
      return
    }
    clipboard.writeText(text).then(
      () => setDone({ text, ok: true }),
      () => setDone({ text, ok: false }),
    )
  }, [text])
  const outcome = done === null || done.text !== text ? null : done.ok ? "copied" : "failed"
  return { copy, outcome }
}
