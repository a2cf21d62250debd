import { assign, emit, raise } from "xstate"
import { notificationsSetup } from "./notifications-setup"

// The user's writes in the notifications machine: each read, unread, archive or read-all applies at once
// (the `optimistic` action) and queues its call; the `writes` region sends the queue one call at a time.

/** Taken by the whole `active` state: a write applies whatever the list is doing. */
export const writeTransitions = notificationsSetup.createStateConfig({
  on: {
    "notifications.markRead": {
      actions: { type: "optimistic", params: ({ event }) => ({ kind: "one", id: event.id }) },
    },
    "notifications.markUnread": {
      actions: { type: "optimistic", params: ({ event }) => ({ kind: "unread", id: event.id }) },
    },
    "notifications.archive": {
      actions: { type: "optimistic", params: ({ event }) => ({ kind: "archive", id: event.id }) },
    },
    "notifications.unarchive": {
      actions: { type: "optimistic", params: ({ event }) => ({ kind: "unarchive", id: event.id }) },
    },
    // Nothing unread: nothing to send.
    "notifications.markAllRead": {
      guard: "hasUnread",
      actions: { type: "optimistic", params: { kind: "all" } },
    },
  },
}).on

export const writesRegion = notificationsSetup.createStateConfig({
  initial: "idle",
  states: {
    idle: { always: { guard: "hasQueuedWrite", target: "writing" } },
    writing: {
      invoke: {
        id: "write",
        src: "write",
        input: ({ context }) => context.queue[0] ?? { kind: "all" },
        onDone: {
          target: "idle",
          actions: [
            // A later optimistic read is still in flight: its own answer will carry the count.
            {
              type: "setUnread",
              params: ({ context, event }) => ({
                unread: context.queue.length === 1 ? event.output.unread : context.unread,
              }),
            },
            assign({ queue: ({ context }) => context.queue.slice(1) }),
          ],
        },
        // The optimistic state is wrong: the server's lists and count replace it
        // (docs/behaviour.md#notifications).
        onError: {
          target: "idle",
          actions: [
            assign({ queue: [] }),
            emit({ type: "notifications.writeFailed" }),
            raise({ type: "notifications.refetch" }),
          ],
        },
      },
    },
  },
})
