import { Schema } from "effect"
import { endpoint, group } from "./endpoint"

// The live socket's upgrade. Its frames are ../socket.ts (ClientMessage and ServerMessage, each a JSON object
// told apart by `type`); the reference page lists them with the close codes.

export const SOCKET_PATH = "/ws/notifications/"

export const SocketQuery = Schema.Struct({
  /** The access token: browsers cannot set headers on a WebSocket. */
  token: Schema.optionalKey(Schema.String),
})

export const socketApi = group(
  "socket",
  "The live notification socket. Open it as a WebSocket; frames are JSON objects told apart by `type` (see the socket protocol below and the ClientMessage and ServerMessage models).",
  {
    connect: endpoint({
      name: "connect",
      method: "GET",
      path: SOCKET_PATH,
      summary:
        "Upgrades to a WebSocket. A missing or expired token, or an Origin not allowed, closes the socket at once (4401, 4403); a plain GET answers 426.",
      callers: "socket",
      query: SocketQuery,
      success: Schema.Void,
      successStatus: 101,
      errors: [426],
    }),
  },
)
