import { useSelector } from "@xstate/react"
import { useCallback } from "react"
import type { ActorRefFrom } from "xstate"
import type { SidebarContext, SidebarEvent, sidebarMachine } from "../machines/sidebar.machine"
import { SYSTEM_IDS } from "../machines/system-ids"
import type {
  UiPreferencesContext,
  UiPreferencesEvent,
  uiPreferencesMachine,
} from "../machines/ui-preferences.machine"
import { useAppActor } from "./app-context"

type SidebarRef = ActorRefFrom<typeof sidebarMachine>
type UiRef = ActorRefFrom<typeof uiPreferencesMachine>

function useSidebarRef(): SidebarRef {
  return useAppActor().system.get(SYSTEM_IDS.sidebar) as SidebarRef
}
function useUiRef(): UiRef {
  return useAppActor().system.get(SYSTEM_IDS.uiPreferences) as UiRef
}

export function useSidebar<T>(select: (ctx: SidebarContext, collapsed: boolean) => T): T {
  return useSelector(useSidebarRef(), (s) => select(s.context, s.matches("collapsed")))
}
export function useSidebarSend(): (event: SidebarEvent) => void {
  const ref = useSidebarRef()
  return useCallback((event) => ref.send(event), [ref])
}

export function useUiPreferences<T>(select: (ctx: UiPreferencesContext) => T): T {
  return useSelector(useUiRef(), (s) => select(s.context))
}
export function useUiSend(): (event: UiPreferencesEvent) => void {
  const ref = useUiRef()
  return useCallback((event) => ref.send(event), [ref])
}
