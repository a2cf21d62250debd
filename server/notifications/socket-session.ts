// One socket's life: refuse a foreign Origin (4403) or a bad token (4401) after the upgrade, so that a
// browser, which never sees the status of a refused upgrade, learns why; then announce the connection and
// answer client messages in the order they came. A frame the server cannot use is answered with an error
// and the connection stays open.
import { Result, Schema } from "effect"
import type { FastifyRequest } from "fastify"
import type { Kysely } from "kysely"
import type { RawData, WebSocket } from "ws"
import {
  type ClientMessage,
  ClientMessage as ClientMessageSchema,
  SOCKET_CLOSE,
} from "../../src/schema/live/socket"
import type { Database } from "../db/schema"
import { isDomainError } from "../errors"
import { describeIssue } from "../http/decode"
import { isAllowedOrigin } from "../http/origin"
import { authenticateSession } from "../http/require-user"
import type { LiveStream } from "../live/stream"
import type { Presence } from "../presence/presence"
import { latestNotificationId, unreadCount } from "./queries"
import { markRead } from "./read-state"
import { type Client, type SocketHub, send } from "./socket-hub"

const CLIENT_TYPES = new Set([
  "get_unread_count",
  "mark_notification_read",
  "ping",
  "presence.view",
  "presence.leave",
])
// Other query parameters are ignored (a cache-buster must not lock a client out); a repeated token is refused.
const decodeSocketQuery = Schema.decodeUnknownResult(
  Schema.Struct({ token: Schema.optionalKey(Schema.String) }),
)
const decodeClientMessage = Schema.decodeUnknownResult(ClientMessageSchema, { onExcessProperty: "error" })

/** The message, or what to tell the client about the frame. */
export function parseFrame(data: RawData, isBinary: boolean): ClientMessage | { readonly error: string } {
  if (isBinary) return { error: "Send JSON text frames." }
  const text = Array.isArray(data)
    ? Buffer.concat(data).toString("utf8")
    : Buffer.from(data as ArrayBuffer).toString("utf8")
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { error: "Malformed JSON." }
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return { error: "Expected a JSON object." }
  const type = (value as { type?: unknown }).type
  if (typeof type !== "string") return { error: "type: This field is required." }
  if (!CLIENT_TYPES.has(type)) return { error: `Unknown message type "${type.slice(0, 64)}".` }
  const decoded = decodeClientMessage(value)
  return Result.isSuccess(decoded) ? decoded.success : { error: describeIssue(decoded.failure.issue) }
}

async function answer(
  db: Kysely<Database>,
  client: Client,
  message: ClientMessage,
  now: Date,
  presence: Presence,
): Promise<void> {
  switch (message.type) {
    case "presence.view":
      return presence.view(client, message.kind, message.uuid, message.view ?? "")
    case "presence.leave":
      return presence.leave(client, message.view ?? "")
    case "ping":
      return send(client, { type: "pong", timestamp: message.timestamp })
    case "get_unread_count":
      return send(client, {
        type: "unread_count",
        unread_count: await unreadCount(db, client.userId, message.channel),
      })
    case "mark_notification_read":
      // Every socket of the user, this one included, hears notification.read and the new count through
      // the read fan-out: one path for REST and socket reads alike.
      await markRead(db, client.userId, message.notification_id, now)
      return
  }
}

export interface SessionDeps {
  readonly hub: SocketHub
  /** The change log's reader: a joining socket is replayed from its page's position, then hears it live. */
  readonly stream: LiveStream
  /** Who views which record: a socket's view, its leave, and its close (a leave too). */
  readonly presence: Presence
  /** Asked once more after joining: a sign-out heard between the token check and the join is not missed. */
  readonly isRevoked: (sessionId: string) => boolean | Promise<boolean>
  readonly now: () => Date
  readonly onError: (error: unknown) => void
  /**
   * Told each time one of a user's sockets joins or leaves this instance's registry, with how many that user
   * has open here now: the log line that says how many sockets the tabs of one session cost.
   */
  readonly onCount?: (userId: number, open: number, change: "opened" | "closed") => void
}

type Admission =
  | { readonly userId: number; readonly sessionId: string; readonly since: string | undefined }
  | { readonly refused: (typeof SOCKET_CLOSE)[keyof typeof SOCKET_CLOSE] }

/**
 * The live position the page holds (`?since=`), as sent: the change log judges it, and anything it cannot use
 * (repeated, not a number) makes the page reload rather than refusing the socket.
 */
function claimedPosition(query: unknown): string | undefined {
  if (typeof query !== "object" || query === null || !("since" in query)) return undefined
  const since = (query as { since?: unknown }).since
  return typeof since === "string" ? since : ""
}

/**
 * Who may join, decided from the upgrade request. Kept apart from openSession so that the long-lived socket
 * handlers do not share a closure scope with the request: a socket would otherwise keep its whole upgrade
 * request (headers, logger, …) alive for as long as it is open.
 */
async function admit(req: FastifyRequest): Promise<Admission> {
  const origin = req.headers.origin
  if (origin !== undefined && !isAllowedOrigin(req, origin)) return { refused: SOCKET_CLOSE.forbiddenOrigin }
  const query = decodeSocketQuery(req.query)
  const token = Result.isSuccess(query) ? query.success.token : undefined
  const found = await authenticateSession(req, token).catch(() => null)
  return found
    ? { userId: found.user.id, sessionId: found.sessionId, since: claimedPosition(req.query) }
    : { refused: SOCKET_CLOSE.unauthorized }
}

export function openSession(socket: WebSocket, req: FastifyRequest, deps: SessionDeps): void {
  start(socket, req.server.services.database.db, admit(req), deps)
}

function start(
  socket: WebSocket,
  db: Kysely<Database>,
  admission: Promise<Admission>,
  deps: SessionDeps,
): void {
  const { hub } = deps
  let client: Client | null = null
  // Frames that arrive while the token is checked wait their turn; the chain also keeps answers in order.
  let chain: Promise<void> = Promise.resolve()
  const run = (task: () => Promise<void>) => {
    chain = chain.then(task).catch(deps.onError)
  }

  socket.on("message", (data, isBinary) =>
    run(async () => {
      if (!client) return
      const current = client
      const message = parseFrame(data, isBinary)
      if ("error" in message) return send(current, { type: "error", detail: message.error })
      try {
        await answer(db, current, message, deps.now(), deps.presence)
      } catch (error) {
        if (isDomainError(error)) return send(current, { type: "error", detail: error.detail })
        send(current, { type: "error", detail: "The server could not handle this message." })
        throw error
      }
    }),
  )
  socket.on("pong", () => {
    if (client) client.alive = true
  })
  socket.on("close", () => {
    if (!client) return
    hub.remove(client)
    deps.onCount?.(client.userId, hub.clientsOf(client.userId).length, "closed")
    const closed = client
    run(() => deps.presence.leave(closed))
  })

  run(async () => {
    const admitted = await admission
    if ("refused" in admitted) {
      socket.close(admitted.refused.code, admitted.refused.reason)
      return
    }
    if (socket.readyState !== socket.OPEN) return
    const userId = admitted.userId
    const joined = hub.add(socket, userId, admitted.sessionId)
    client = joined
    deps.onCount?.(userId, hub.clientsOf(userId).length, "opened")
    if (await deps.isRevoked(admitted.sessionId)) {
      socket.close(SOCKET_CLOSE.sessionRevoked.code, SOCKET_CLOSE.sessionRevoked.reason)
      return
    }
    // Read before the stream starts: a row announced in between is replayed from the log, not lost.
    const [latest, unread_count] = await Promise.all([
      latestNotificationId(db, userId),
      unreadCount(db, userId),
    ])
    await deps.stream.join(joined, admitted.since, ({ position, reload }) =>
      send(joined, {
        type: "connection_established",
        user_id: userId,
        latest_notification_id: latest,
        unread_count,
        position,
        ...(reload ? { reload: true } : {}),
      }),
    )
  })
}
