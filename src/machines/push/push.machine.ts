import { assign, enqueueActions, fromCallback, fromPromise, setup } from "xstate"
import { NOTIFICATIONS } from "../../constants"
import type { PushPermission } from "../../schema/push/push"
import type { PushFact } from "../system/facts"
import { safeAppPath } from "../system/safe-app-path"
import { pushVerdict } from "./push-announce"
import type { PushMessage } from "./push-message"

// Browser push: after sign-in, in this order, check support, request permission, get the push token, register
// it on the server, then listen for foreground messages; on sign-out, unregister. Every step is an actor from
// src/effects (PushMessaging, PushApi); failures end the sequence quietly (logged only). Whether a foreground
// message becomes a toast is decided from facts heard on the bus (the highest notification id this tab has
// seen, whether the socket is live), never by reading another actor.

export const NOTIFICATIONS_BLOCKED = "Notifications are blocked. Enable in browser settings."

export type PushEvent =
  | { type: "push.start" }
  | { type: "push.stop" }
  /** The settings page's button: ask the browser again (after a dismissal, a block, or a failure). */
  | { type: "push.requestPermission" }
  /** A foreground message; `visible` is whether the page was shown when it arrived. */
  | { type: "push.message"; message: PushMessage; visible: boolean }
  /** The push toast's 'View' button. */
  | { type: "push.view"; message: PushMessage }
  /** The notifications actor has seen every id up to this one (bus: notifications.seen). */
  | { type: "push.seen"; newestId: number }
  /** The socket opened or was lost (bus: socket.connected, socket.lost). */
  | { type: "push.socket"; live: boolean }

export type PushStatus = "unsupported" | "default" | "granted" | "denied"

export interface PushContext {
  /** What the settings page shows: the browser's permission, or that push cannot work here. */
  status: PushStatus
  /** Why push is unavailable, when it is. */
  unavailable: string | null
  token: string | null
  /** Signed in again while unregistering: start over once that is done. */
  restart: boolean
  /** The highest notification id this tab has shown from the socket or the list. */
  newestSeen: number
  /** Ids a push toast in this tab has announced, newest last (bounded). */
  toasted: number[]
  /** The socket is open: it announces every new notification itself. */
  socketLive: boolean
}

export interface Support {
  readonly unavailable: string | null
  readonly permission: PushPermission
}

const provided = (): never => {
  throw new Error("provided by src/effects/push/push.actors.ts")
}

const initialContext = (): PushContext => ({
  status: "default",
  unavailable: null,
  token: null,
  restart: false,
  newestSeen: 0,
  toasted: [],
  socketLive: false,
})

/** What a sign-out resets: the facts about the socket and the list stay true across it until they change. */
const signedOutContext = ({ context }: { context: PushContext }): PushContext => ({
  ...initialContext(),
  newestSeen: context.newestSeen,
  socketLive: context.socketLive,
})

export const pushMachine = setup({
  types: { context: {} as PushContext, events: {} as PushEvent, emitted: {} as PushFact },
  actors: {
    checkSupport: fromPromise<Support>(async () => provided()),
    requestPermission: fromPromise<PushPermission>(async () => provided()),
    getToken: fromPromise<string>(async () => provided()),
    registerToken: fromPromise<void, { token: string }>(async () => provided()),
    listen: fromCallback<PushEvent>(() => () => {}),
    /** Never rejects: a failure to delete the browser's token is logged there, and sign-out goes on. */
    unregister: fromPromise<void>(async () => provided()),
    /** Never rejects: a mark-read failure from the toast is logged only. */
    markRead: fromPromise<void, { id: number }>(async () => provided()),
  },
  guards: {
    unsupported: (_, support: Support) => support.unavailable !== null,
    isPermission: (_, params: { actual: PushPermission; wanted: PushPermission }) =>
      params.actual === params.wanted,
    holdsToken: ({ context }) => context.token !== null,
    restart: ({ context }) => context.restart,
  },
  actions: {
    /** Push messaging unavailable is a console warning, and the app continues. */
    warnUnavailable: (_, _params: { reason: string }) => {},
    /** Token registration failures are logged only (docs/behaviour.md#what-the-client-shows). */
    logFailure: (_, _params: { step: string; error: unknown }) => {},
    showError: (_, _params: { message: string }) => {},
    showPushToast: (_, _params: { message: PushMessage }) => {},
    navigate: (_, _params: { path: string }) => {},
  },
}).createMachine({
  id: "push",
  context: initialContext,
  initial: "idle",
  on: {
    "push.stop": [{ guard: "holdsToken", target: ".unregistering" }, { target: ".idle" }],
    "push.seen": {
      actions: assign({ newestSeen: ({ context, event }) => Math.max(context.newestSeen, event.newestId) }),
    },
    "push.socket": { actions: assign({ socketLive: ({ event }) => event.live }) },
    // View: the toast is gone already; mark read when there is an id, go where it points if safe.
    "push.view": {
      actions: enqueueActions(({ enqueue, event }) => {
        const id = event.message.notificationId
        if (id !== null) enqueue.spawnChild("markRead", { input: { id } })
        const path = safeAppPath(event.message.actionUrl)
        if (path !== null) enqueue({ type: "navigate", params: { path } })
      }),
    },
  },
  states: {
    idle: {
      entry: assign(signedOutContext),
      on: { "push.start": "checking" },
    },
    checking: {
      invoke: {
        id: "checkSupport",
        src: "checkSupport",
        onDone: [
          {
            guard: { type: "unsupported", params: ({ event }) => event.output },
            target: "unsupported",
            actions: [
              assign({ status: "unsupported", unavailable: ({ event }) => event.output.unavailable }),
              {
                type: "warnUnavailable",
                params: ({ event }) => ({ reason: event.output.unavailable ?? "" }),
              },
            ],
          },
          { target: "requesting", actions: assign({ status: ({ event }) => event.output.permission }) },
        ],
        onError: {
          target: "unsupported",
          actions: [
            assign({ status: "unsupported", unavailable: "Push messaging could not be checked." }),
            { type: "warnUnavailable", params: { reason: "Push messaging could not be checked." } },
          ],
        },
      },
    },
    unsupported: {},
    requesting: {
      invoke: {
        id: "requestPermission",
        src: "requestPermission",
        onDone: [
          {
            guard: {
              type: "isPermission",
              params: ({ event }) => ({ actual: event.output, wanted: "granted" }),
            },
            target: "fetchingToken",
            actions: assign({ status: "granted" }),
          },
          {
            guard: {
              type: "isPermission",
              params: ({ event }) => ({ actual: event.output, wanted: "denied" }),
            },
            target: "blocked",
            actions: [
              assign({ status: "denied" }),
              { type: "showError", params: { message: NOTIFICATIONS_BLOCKED } },
            ],
          },
          { target: "notGranted", actions: assign({ status: "default" }) },
        ],
        onError: {
          target: "failed",
          actions: {
            type: "logFailure",
            params: ({ event }) => ({ step: "permission", error: event.error }),
          },
        },
      },
    },
    blocked: { on: { "push.requestPermission": "requesting" } },
    notGranted: { on: { "push.requestPermission": "requesting" } },
    fetchingToken: {
      invoke: {
        id: "getToken",
        src: "getToken",
        onDone: { target: "registering", actions: assign({ token: ({ event }) => event.output }) },
        onError: {
          target: "failed",
          actions: { type: "logFailure", params: ({ event }) => ({ step: "token", error: event.error }) },
        },
      },
    },
    registering: {
      invoke: {
        id: "registerToken",
        src: "registerToken",
        input: ({ context }) => ({ token: context.token ?? "" }),
        onDone: "listening",
        onError: {
          target: "failed",
          actions: {
            type: "logFailure",
            params: ({ event }) => ({ step: "registration", error: event.error }),
          },
        },
      },
    },
    listening: {
      invoke: { id: "listen", src: "listen" },
      // Whether a foreground message becomes a toast, from what the socket and the list have seen.
      on: {
        "push.message": {
          actions: enqueueActions(({ context, enqueue, event }) => {
            const verdict = pushVerdict(event.message.notificationId, { ...context, visible: event.visible })
            if (verdict !== "toast") return
            enqueue({ type: "showPushToast", params: { message: event.message } })
            const id = event.message.notificationId
            if (id === null) return
            enqueue.assign({ toasted: [...context.toasted, id].slice(-NOTIFICATIONS.toastedKept) })
            // The socket may still bring it: the notifications actor must not toast it a second time.
            enqueue.emit({ type: "push.announced", notificationId: id })
          }),
        },
      },
    },
    failed: { on: { "push.requestPermission": "requesting" } },
    // The browser's token is deleted here; the server's registration goes with the logout call itself
    // (its device_id), which is the last call the signed-out session can still make.
    unregistering: {
      invoke: {
        id: "unregister",
        src: "unregister",
        onDone: [
          { guard: "restart", target: "checking", actions: assign(signedOutContext) },
          { target: "idle" },
        ],
      },
      on: {
        "push.start": { actions: assign({ restart: true }) },
        "push.stop": { actions: assign({ restart: false }) },
      },
    },
  },
})
