import { assign, raise } from "xstate"
import { notificationsSetup } from "./notifications-setup"

// The open notification (/notifications/{id}) in the notifications machine: loaded on its own, and read
// once it is shown.

export const detailRegion = notificationsSetup.createStateConfig({
  initial: "none",
  on: { "notifications.open": { target: ".loading", actions: assign({ detail: null }) } },
  states: {
    none: {},
    loading: {
      invoke: {
        id: "loadDetail",
        src: "loadDetail",
        input: ({ event }) => ({ id: event.type === "notifications.open" ? event.id : 0 }),
        onDone: {
          target: "shown",
          // Opening a notification reads it.
          actions: [
            assign({ detail: ({ event }) => event.output }),
            raise(({ event }) => ({ type: "notifications.markRead", id: event.output.id })),
          ],
        },
        onError: "failed",
      },
    },
    shown: {},
    failed: {},
  },
})
