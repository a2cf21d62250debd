import { Schema } from "effect"

// What the tabs of one browser tell each other about the session, over a BroadcastChannel: a sign-in (with its
// access token, so that the others need not refresh for it), a sign-out, a token a refresh just obtained, and
// that the person has just used this tab (when, by the browser's clock, which its tabs share).
// Another tab may run another version of the app: every message is decoded, and one that does not is dropped.

export const TabMessage = Schema.Union([
  Schema.Struct({
    type: Schema.Literal("signedIn"),
    token: Schema.String.check(Schema.isMinLength(1)),
    /** The user who signed in, when known; a tab signed in as someone else replaces its session. */
    userId: Schema.NullOr(Schema.Number),
  }),
  Schema.Struct({ type: Schema.Literal("signedOut") }),
  Schema.Struct({ type: Schema.Literal("token"), token: Schema.String.check(Schema.isMinLength(1)) }),
  Schema.Struct({ type: Schema.Literal("inUse"), at: Schema.Number }),
])
export type TabMessage = typeof TabMessage.Type
