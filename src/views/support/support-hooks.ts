import { useSelector } from "@xstate/react"
import { useCallback } from "react"
import { mayOpenSupport, type SupportEvent } from "../../machines/support/support.machine"
import { useOptionalActor } from "../system/app-context"

/** The support actor, absent in a root started without it (some unit tests). */
const useSupportRef = () => useOptionalActor("support")

export interface SupportView {
  readonly open: boolean
  readonly allowed: boolean
  readonly exporting: boolean
  readonly exportError: string | null
  readonly filter: string | null
}

const CLOSED: SupportView = { open: false, allowed: false, exporting: false, exportError: null, filter: null }

export function useSupport<T>(select: (view: SupportView) => T): T {
  const ref = useSupportRef()
  return useSelector(ref, (s) =>
    select(
      s
        ? {
            open: s.matches("open"),
            allowed: mayOpenSupport(s.context),
            exporting: s.matches({ open: "exporting" }),
            exportError: s.context.exportError,
            filter: s.context.filter,
          }
        : CLOSED,
    ),
  )
}

export function useSupportSend(): (event: SupportEvent) => void {
  const ref = useSupportRef()
  return useCallback((event) => ref?.send(event), [ref])
}
