import { useSelector } from "@xstate/react"
import { useCallback } from "react"
import type { SidebarContext, SidebarEvent } from "../../machines/shell/sidebar.machine"
import type { UiPreferencesContext, UiPreferencesEvent } from "../../machines/shell/ui-preferences.machine"
import { useSystemActor } from "../system/app-context"

const useSidebarRef = () => useSystemActor("sidebar")
const useUiRef = () => useSystemActor("uiPreferences")

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
