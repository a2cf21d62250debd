import { assign, emit } from "xstate"
import { NOTIFICATIONS } from "../../constants"
import { toastsHere } from "./notification-intake"
import { applyChange } from "./notification-list"
import { fresh } from "./notifications-context"
import { detailRegion } from "./notifications-detail-states"
import { listRegion, listTransitions, syncRegion } from "./notifications-list-states"
import { notificationsSetup } from "./notifications-setup"
import { writesRegion, writeTransitions } from "./notifications-write-states"

// The bell and the user's notification state: the bell's paged list (its own tab, All or Unread), the unread
// count, live items merged by id, optimistic reads, unreads and archiving confirmed one at a time, the open
// notification, and the toasts new items announce. Every call is an actor provided from src/effects; the
// socket's frames arrive through the bus. It publishes what changed: items new to the user, each read, unread
// or archive (from here or elsewhere: the notifications page's own list follows them), a refused write, the
// unread count, and the highest id seen (which a push toast must not announce again).
// This file is the chart's outline and what arrives from elsewhere; the list and its catch-up, the writes and
// the open notification are regions of their own (notifications-*-states.ts), on the named pieces of
// notifications-setup.ts.

export const LOAD_FAILED = "Error loading notifications. Please try again."

export const notificationsMachine = notificationsSetup.createMachine({
  id: "notifications",
  context: fresh,
  initial: "idle",
  // Heard whenever it changes, signed in or not: the tabs actor runs from the app's start.
  on: { "notifications.inUse": { actions: assign({ toastHere: ({ event }) => event.here }) } },
  states: {
    idle: { on: { "notifications.start": "active" } },
    active: {
      type: "parallel",
      invoke: { id: "clock", src: "clock" },
      on: {
        "notifications.stop": { target: "idle", actions: "reset" },
        "notifications.tick": { actions: assign({ now: ({ event }) => event.now }) },
        "notifications.count": {
          actions: { type: "setUnread", params: ({ event }) => ({ unread: event.unread }) },
        },
        "notifications.live": {
          actions: [
            {
              type: "showToasts",
              params: ({ context, event }) =>
                toastsHere(context, { items: [event.notification], at: event.at }),
            },
            { type: "takeArrivals", params: ({ event }) => ({ items: [event.notification], at: event.at }) },
            { type: "setUnread", params: ({ event }) => ({ unread: event.unread }) },
          ],
        },
        "notifications.toasted": {
          guard: ({ context, event }) => !context.toasted.includes(event.id),
          actions: assign({
            toasted: ({ context, event }) => [...context.toasted, event.id].slice(-NOTIFICATIONS.toastedKept),
          }),
        },
        "notifications.readElsewhere": {
          actions: [
            assign({ items: ({ context, event }) => applyChange(context.items, event.id, "read") }),
            emit(({ event }) => ({ type: "notifications.changed", id: event.id, change: "read" as const })),
          ],
        },
        "notifications.changedElsewhere": {
          actions: [
            assign({ items: ({ context, event }) => applyChange(context.items, event.id, event.change) }),
            emit(({ event }) => ({ type: "notifications.changed", id: event.id, change: event.change })),
          ],
        },
        ...writeTransitions,
        ...listTransitions,
      },
      states: { list: listRegion, sync: syncRegion, writes: writesRegion, detail: detailRegion },
    },
  },
})
