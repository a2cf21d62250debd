import { useSelector } from "@xstate/react"
import { createContext, type ReactNode, useCallback, useContext } from "react"
import type { ActorRefFrom, AnyActorLogic } from "xstate"
import type { AppActor } from "../effects/start-app"
import type { AuthContext, AuthEvent, authMachine } from "../machines/auth.machine"
import type { ProfileContext, ProfileEvent, profileMachine } from "../machines/profile.machine"
import { SYSTEM_IDS, type SystemId } from "../machines/system-ids"

// Views reach the one actor system through this context: they select state and send events, nothing more.

const AppActorContext = createContext<AppActor | null>(null)

/** SPEC §8: the auth state read outside its provider. */
export const AUTH_OUTSIDE_PROVIDER = "useAuth must be used within AuthProvider"

export function AppProvider({ actor, children }: { actor: AppActor; children: ReactNode }) {
  return <AppActorContext.Provider value={actor}>{children}</AppActorContext.Provider>
}

function useActorOrThrow(message: string): AppActor {
  const actor = useContext(AppActorContext)
  if (!actor) throw new Error(message)
  return actor
}

export function useAppActor(): AppActor {
  return useActorOrThrow("useAppActor must be used within AppProvider")
}

/**
 * The actor registered under `systemId`, typed by its logic: `useSystemActor<typeof socketMachine>("socket")`.
 * The type is the caller's claim (the registry is by string); app.machine.ts is where the two are paired.
 */
export function useSystemActor<L extends AnyActorLogic>(systemId: SystemId): ActorRefFrom<L> {
  return systemActor<L>(useAppActor(), systemId)
}

function systemActor<L extends AnyActorLogic>(app: AppActor, systemId: SystemId): ActorRefFrom<L> {
  const ref = app.system.get(systemId)
  if (!ref) throw new Error(`No actor is running under the systemId "${systemId}"`)
  return ref as ActorRefFrom<L>
}

function useAuthRef() {
  return systemActor<typeof authMachine>(useActorOrThrow(AUTH_OUTSIDE_PROVIDER), SYSTEM_IDS.auth)
}

/** Reads the client auth state (SPEC §3). Outside the provider it throws SPEC §8's message. */
export function useAuth<T>(select: (ctx: AuthContext) => T): T {
  return useSelector(useAuthRef(), (s) => select(s.context))
}

export function useAuthSend(): (event: AuthEvent) => void {
  const auth = useAuthRef()
  return useCallback((event) => auth.send(event), [auth])
}

/** The profile editor: its context and its state name ("idle" | "saving" | "saved" | "failed"). */
export function useProfile<T>(select: (ctx: ProfileContext, state: string) => T): T {
  const ref = useSystemActor<typeof profileMachine>(SYSTEM_IDS.profile)
  return useSelector(ref, (s) => select(s.context, String(s.value)))
}

export function useProfileSend(): (event: ProfileEvent) => void {
  const ref = useSystemActor<typeof profileMachine>(SYSTEM_IDS.profile)
  return useCallback((event) => ref.send(event), [ref])
}
