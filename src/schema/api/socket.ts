import { Schema } from "effect"
import { endpoint, type GroupDocs, group } from "./endpoint"

// The live socket's upgrade. Its frames are ../live/socket.ts (ClientMessage and ServerMessage, each a JSON object
// told apart by `type`); the reference page lists them with the close codes.

export const SOCKET_PATH = "/ws/notifications/"

export const SocketQuery = Schema.Struct({
  /** The access token: browsers cannot set headers on a WebSocket. */
  token: Schema.optionalKey(Schema.String),
})

export const socketApi = group("socket", {
  connect: endpoint({
    method: "GET",
    path: SOCKET_PATH,
    callers: "socket",
    query: SocketQuery,
    success: Schema.Void,
    successStatus: 101,
    errors: [426],
  }),
})

/** The reference page's words for this group (server only: the browser's code never reads them). */
export const socketDocs = {
  description:
    "The live notification socket. Open it as a WebSocket; frames are JSON objects told apart by `type` (see the socket protocol below and the ClientMessage and ServerMessage models).",
  summaries: {
    connect:
      "Upgrades to a WebSocket. A missing or expired token, or an Origin not allowed, closes the socket at once (4401, 4403); a plain GET answers 426.",
  },
} satisfies GroupDocs<typeof socketApi>
