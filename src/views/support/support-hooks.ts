import { useSelector } from "@xstate/react"
import { useCallback } from "react"
import type { ActorRefFrom } from "xstate"
import { mayOpenSupport, type SupportEvent, type supportMachine } from "../../machines/support.machine"
import { SYSTEM_IDS } from "../../machines/system-ids"
import { useAppActor } from "../app-context"

type SupportRef = ActorRefFrom<typeof supportMachine>

/** The support actor, absent in a root started without it (some unit tests). */
function useSupportRef(): SupportRef | undefined {
  return useAppActor().system.get(SYSTEM_IDS.support) as SupportRef | undefined
}

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
