import { useSelector } from "@xstate/react"
import { createContext, type ReactNode, useCallback, useContext } from "react"
import type { ActorRefFrom } from "xstate"
import type { AppActor } from "../effects/start-app"
import type { AuthContext, AuthEvent, authMachine } from "../machines/auth.machine"
import type { ProfileContext, ProfileEvent, profileMachine } from "../machines/profile.machine"
import { SYSTEM_IDS } from "../machines/system-ids"

const AppActorContext = createContext<AppActor | null>(null)

export function AppProvider({ actor, children }: { actor: AppActor; children: ReactNode }) {
  return <AppActorContext.Provider value={actor}>{children}</AppActorContext.Provider>
}

export function useAppActor(): AppActor {
  const actor = useContext(AppActorContext)
  if (!actor) throw new Error("useAuth must be used within AuthProvider")
  return actor
}

type AuthRef = ActorRefFrom<typeof authMachine>
type ProfileRef = ActorRefFrom<typeof profileMachine>

/** Reads the client auth state (SPEC §3). Outside the provider it throws SPEC §8's message. */
export function useAuth<T>(select: (ctx: AuthContext) => T): T {
  const auth = useAppActor().system.get(SYSTEM_IDS.auth) as AuthRef
  return useSelector(auth, (s) => select(s.context))
}

export function useAuthSend(): (event: AuthEvent) => void {
  const auth = useAppActor().system.get(SYSTEM_IDS.auth) as AuthRef
  return useCallback((event) => auth.send(event), [auth])
}

export function useProfile<T>(select: (ctx: ProfileContext, state: string) => T): T {
  const ref = useAppActor().system.get(SYSTEM_IDS.profile) as ProfileRef
  return useSelector(ref, (s) => select(s.context, String(s.value)))
}

export function useProfileSend(): (event: ProfileEvent) => void {
  const ref = useAppActor().system.get(SYSTEM_IDS.profile) as ProfileRef
  return useCallback((event) => ref.send(event), [ref])
}
