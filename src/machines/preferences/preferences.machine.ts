import { assign, fromPromise, setup } from "xstate"
import type {
  ChannelSwitches,
  NotificationType,
  TypeSwitches,
} from "../../schema/notifications/notifications"
import { failureText } from "../../schema/system/failure-text"

// The notification preferences on /settings: per notification type, in-app and push on or off. Loaded from
// the server when the page opens, edited as a draft, saved as a whole (PUT of the preferences object).

export const PREFERENCES_LOAD_FAILED = "Preferences could not be loaded."
export const PREFERENCES_SAVE_FAILED = "Preferences could not be saved."

export interface PreferencesData {
  readonly id: number
  readonly types: TypeSwitches
}

export type PreferencesEvent =
  | { type: "preferences.load" }
  | { type: "preferences.toggle"; notificationType: NotificationType; channel: keyof ChannelSwitches }
  | { type: "preferences.save" }
  /** Drops the unsaved changes. */
  | { type: "preferences.discard" }

export interface PreferencesContext {
  /** What the server holds. */
  saved: PreferencesData | null
  /** What the page shows and would save. */
  draft: PreferencesData | null
  loadError: string | null
  saveError: string | null
  /** The last save succeeded and nothing has changed since. */
  justSaved: boolean
}

/** The server's detail or message, else the fallback: the server's words when it has any. */
export const serverText = (error: unknown, fallback: string): string =>
  failureText(error, fallback, { orServerMessage: true })

/** The draft differs from what the server holds: there is something to save. */
export const isDirty = (context: Pick<PreferencesContext, "draft" | "saved">): boolean =>
  JSON.stringify(context.draft) !== JSON.stringify(context.saved)

const toggled = (
  data: PreferencesData,
  type: NotificationType,
  channel: keyof ChannelSwitches,
): PreferencesData => ({
  ...data,
  types: { ...data.types, [type]: { ...data.types[type], [channel]: !data.types[type][channel] } },
})

const provided = (): never => {
  throw new Error("provided by src/effects/preferences/preferences.actors.ts")
}

export const preferencesMachine = setup({
  types: { context: {} as PreferencesContext, events: {} as PreferencesEvent },
  actors: {
    loadPreferences: fromPromise<PreferencesData>(async () => provided()),
    savePreferences: fromPromise<PreferencesData, PreferencesData>(async () => provided()),
  },
  guards: {
    dirty: ({ context }) => isDirty(context),
  },
}).createMachine({
  id: "preferences",
  context: { saved: null, draft: null, loadError: null, saveError: null, justSaved: false },
  initial: "idle",
  states: {
    idle: { on: { "preferences.load": "loading" } },
    loading: {
      entry: assign({ loadError: null, saveError: null, justSaved: false }),
      invoke: {
        id: "loadPreferences",
        src: "loadPreferences",
        onDone: {
          target: "ready",
          actions: assign({ saved: ({ event }) => event.output, draft: ({ event }) => event.output }),
        },
        onError: {
          target: "failed",
          actions: assign({ loadError: ({ event }) => serverText(event.error, PREFERENCES_LOAD_FAILED) }),
        },
      },
    },
    failed: { on: { "preferences.load": "loading" } },
    ready: {
      on: {
        // Opening the page again shows the server's state, not a draft left from the last visit.
        "preferences.load": "loading",
        "preferences.toggle": {
          actions: assign({
            draft: ({ context, event }) =>
              context.draft ? toggled(context.draft, event.notificationType, event.channel) : null,
            justSaved: false,
            saveError: null,
          }),
        },
        "preferences.discard": {
          actions: assign({ draft: ({ context }) => context.saved, saveError: null }),
        },
        "preferences.save": { guard: "dirty", target: "saving" },
      },
    },
    saving: {
      entry: assign({ saveError: null }),
      invoke: {
        id: "savePreferences",
        src: "savePreferences",
        input: ({ context }) => context.draft ?? { id: 0, types: {} as TypeSwitches },
        onDone: {
          target: "ready",
          actions: assign({
            saved: ({ event }) => event.output,
            draft: ({ event }) => event.output,
            justSaved: true,
          }),
        },
        // The draft stays, so nothing the user chose is lost; the server's words say why.
        onError: {
          target: "ready",
          actions: assign({ saveError: ({ event }) => serverText(event.error, PREFERENCES_SAVE_FAILED) }),
        },
      },
    },
  },
})
