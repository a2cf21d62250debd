import type { InspectionEvent, Observer } from "xstate"

/** Support can watch the actor system with `?inspect` in the URL, or a build made with VITE_XSTATE_INSPECT=1. */
export function inspectorRequested(search: string, flag: string | undefined): boolean {
  return flag === "1" || new URLSearchParams(search).has("inspect")
}

/**
 * Loads Stately's browser inspector on demand, so it is never part of the default bundle.
 * It opens stately.ai in a window; where that cannot load, the app runs on regardless.
 */
export async function loadInspector(): Promise<Observer<InspectionEvent> | undefined> {
  try {
    const { createBrowserInspector } = await import("@statelyai/inspect")
    return createBrowserInspector({ autoStart: true }).inspect
  } catch (error) {
    console.warn("The Stately inspector could not be loaded", error)
    return undefined
  }
}
