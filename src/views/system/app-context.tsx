import { useSelector } from "@xstate/react"
import { createContext, type ReactNode, useCallback, useContext } from "react"
import type { AnyActorRef, SnapshotFrom } from "xstate"
import type { authMachine } from "../../machines/auth/auth.machine"
import type { AuthContext, AuthEvent } from "../../machines/auth/auth-context"
import type { ProfileContext, ProfileEvent } from "../../machines/profile/profile.machine"
import { APP_SYSTEM_ID } from "../../machines/system/app.machine"
import { lookup, type RefOf, type SystemId } from "../../machines/system/registry"

// Views reach the one actor system through this context: they select state and send events, nothing more.

/** What the views need of the root: its actor system, where every actor, the root too, runs under its systemId. */
type AppRoot = Pick<AnyActorRef, "system">

const AppActorContext = createContext<AppRoot | null>(null)

/** The auth state read outside its provider: the message the app's tests and support know it by. */
export const AUTH_OUTSIDE_PROVIDER = "useAuth must be used within AuthProvider"

export function AppProvider({ actor, children }: { actor: AppRoot; children: ReactNode }) {
  return <AppActorContext.Provider value={actor}>{children}</AppActorContext.Provider>
}

function useActorOrThrow(message: string): AppRoot {
  const actor = useContext(AppActorContext)
  if (!actor) throw new Error(message)
  return actor
}

const useAppRoot = (): AppRoot => useActorOrThrow("useAppActor must be used within AppProvider")

/** The app's root actor, found like any other by its systemId. */
export function useAppActor(): RefOf<typeof APP_SYSTEM_ID> {
  return systemActor(useAppRoot(), APP_SYSTEM_ID)
}

/** The actor running under `id`, typed by the registry (src/machines/system/registry.ts); it must be running. */
export function useSystemActor<K extends SystemId>(id: K): RefOf<K> {
  return systemActor(useAppRoot(), id)
}

/** The actor running under `id`, or undefined when it is not (a root started without it, in some tests). */
export function useOptionalActor<K extends SystemId>(id: K): RefOf<K> | undefined {
  return lookup(useAppRoot().system, id)
}

function systemActor<K extends SystemId>(app: AppRoot, id: K): RefOf<K> {
  const ref = lookup(app.system, id)
  if (!ref) throw new Error(`No actor is running under the systemId "${id}"`)
  return ref
}

function useAuthRef() {
  return systemActor(useActorOrThrow(AUTH_OUTSIDE_PROVIDER), "auth")
}

/** Reads the client auth state. Outside the provider it throws 'useAuth must be used within AuthProvider'. */
export function useAuth<T>(select: (ctx: AuthContext) => T): T {
  return useSelector(useAuthRef(), (s) => select(s.context))
}

/** Whether the auth actor is in a state (the steps of a sign-in are states of it, not context). */
export function useAuthMatches(state: Parameters<SnapshotFrom<typeof authMachine>["matches"]>[0]): boolean {
  return useSelector(useAuthRef(), (s) => s.matches(state))
}

export function useAuthSend(): (event: AuthEvent) => void {
  const auth = useAuthRef()
  return useCallback((event) => auth.send(event), [auth])
}

/** The profile editor: its context and its state name ("idle" | "saving" | "saved" | "failed"). */
export function useProfile<T>(select: (ctx: ProfileContext, state: string) => T): T {
  const ref = useSystemActor("profile")
  return useSelector(ref, (s) => select(s.context, String(s.value)))
}

export function useProfileSend(): (event: ProfileEvent) => void {
  const ref = useSystemActor("profile")
  return useCallback((event) => ref.send(event), [ref])
}
