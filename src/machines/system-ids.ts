/** Every actor the root machine spawns, by the systemId that `system.get` finds it under. */
export const SYSTEM_IDS = {
  auth: "auth",
  refresh: "refresh",
  profile: "profile",
  sidebar: "sidebar",
  uiPreferences: "uiPreferences",
  dashboard: "dashboard",
  notifications: "notifications",
  socket: "socket",
  sessionWatch: "sessionWatch",
  /** The signed-in actors (session.machine.ts), started once someone has signed in. */
  session: "session",
  signInWatch: "signInWatch",
  /** The support panel: open or closed, its filter, trace export. */
  support: "support",
  /** Browser push (push.machine.ts), a child of the session. */
  push: "push",
  /** The notification preferences on /settings. */
  preferences: "preferences",
} as const
export type SystemId = (typeof SYSTEM_IDS)[keyof typeof SYSTEM_IDS]
