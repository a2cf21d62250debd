import { useEffect, useRef } from "react"
import { triageCommand } from "./triage-keys"

// Listens for the list's shortcuts while the list is shown; each command goes to the callback, which sends it
// to the list's machines.

export function useTriageKeys(onCommand: (command: NonNullable<ReturnType<typeof triageCommand>>) => void) {
  const latest = useRef(onCommand)
  latest.current = onCommand
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const command = triageCommand(e, document.querySelector("dialog[open]") !== null)
      if (command === null) return
      e.preventDefault()
      latest.current(command)
    }
    window.addEventListener("keydown", onKey)
    return () => window.removeEventListener("keydown", onKey)
  }, [])
}
