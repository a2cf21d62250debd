// Type-level tests, checked by `tsc` (the "types" step of `npm test`): each `@ts-expect-error` line must fail
// to compile, and tsc reports any that compiles ("unused directive"). They hold the registry and the bus to
// their promise: a misspelt command, a wrong payload or an unknown systemId is a compile error, not a runtime one.
import { type AnyActorRef, emit, setup } from "xstate"
import type { FactOf, SocketFact } from "../../src/machines/system/facts"
import type { ToPages } from "../../src/machines/system/pages"
import { lookup, type RefOf, tell } from "../../src/machines/system/registry"
import { type Route, SUBSCRIPTIONS } from "../../src/machines/system/subscriptions"

declare const system: AnyActorRef["system"]

// A command the actor declares, with its payload, compiles.
tell(system, "auth", { type: "auth.setAccessToken", token: "t" })
tell(system, "socket", { type: "socket.start", token: "t" })

// @ts-expect-error a misspelt event type
tell(system, "auth", { type: "auth.logot" })

// @ts-expect-error a wrong payload: the token is a string
tell(system, "auth", { type: "auth.setAccessToken", token: 1 })

// @ts-expect-error a command of another actor
tell(system, "socket", { type: "notifications.start" })

// @ts-expect-error an unknown systemId
lookup(system, "sockett")

// A lookup is typed by the registry: the auth actor's context has its access token.
export const token = (ref: RefOf<"auth">): string | null => ref.getSnapshot().context.accessToken

// @ts-expect-error the socket actor's context has no access token
export const wrong = (ref: RefOf<"socket">) => ref.getSnapshot().context.accessToken

// A page's commands are its own machine's.
export const toList: ToPages = { type: "session.toPages", page: "pagedList", event: { type: "list.reload" } }
// @ts-expect-error a review command sent to the lists
export const toWrongPage: ToPages = {
  type: "session.toPages",
  page: "pagedList",
  event: { type: "review.retry" },
}

// The subscription table's handlers return the subscriber's own commands.
export const route = SUBSCRIPTIONS["session.tokenChanged"].to.socket

// A machine publishes only the facts its `emitted` type names, with their payloads.
export const publisher = setup({ types: { emitted: {} as SocketFact } }).createMachine({
  entry: emit({ type: "socket.connected" }),
  exit: [
    // @ts-expect-error a misspelt fact
    emit({ type: "socket.conected" }),
  ],
})

// A subscription must answer with a command the subscriber accepts.
export const goodRoute: Route<FactOf<"socket.lost">> = {
  to: { push: () => ({ type: "push.socket", live: false }) },
}
export const badRoute: Route<FactOf<"socket.lost">> = {
  // @ts-expect-error push has no command "push.sockett"
  to: { push: () => ({ type: "push.sockett", live: false }) },
}
