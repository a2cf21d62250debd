import {
  type ClientMessage,
  type ServerMessage,
  SOCKET_CLOSE,
  SOCKET_MAX_PAYLOAD_BYTES,
} from "../live/socket"
import { SOCKET_PATH } from "./socket"

// The socket protocol in words, for the reference page. The frames themselves are ../live/socket.ts, which both
// the server and the client encode and decode with; these records are keyed by its `type` values, so a
// message added there without a sentence here does not compile.

export const CLIENT_MESSAGES: Readonly<Record<ClientMessage["type"], string>> = {
  get_unread_count: "Asks for the unread count (optionally of one `channel`); answered by `unread_count`.",
  mark_notification_read:
    "Marks `notification_id` read; every socket of the user then receives `notification.read` and `unread_count`.",
  ping: "Keep-alive with a `timestamp`, echoed back in `pong` so the client can measure the round trip.",
  "presence.view":
    "This socket shows the record `kind` (`work`, `maintenance`, `application`) `uuid` now, replacing any record it viewed; every socket viewing it receives `presence`. With `view`, one of the socket's named views does instead (the tabs of a session share one socket, one view each).",
  "presence.leave":
    "This socket no longer shows a record, or with `view` that named view does not (closing the socket leaves every view).",
}

export const SERVER_MESSAGES: Readonly<Record<ServerMessage["type"], string>> = {
  connection_established:
    "First frame after the upgrade: `user_id`, `latest_notification_id` (catch up with `GET /api/v1/notifications/?since_id=`) and `unread_count`.",
  notification: "A new notification with the new `unread_count`.",
  unread_count: "The unread count changed (or was asked for).",
  "notification.read":
    "A notification (`notification_id`, or `all`) was read in some tab or on some instance.",
  "notification.changed":
    "A notification (`notification_id`) was marked unread, archived or moved back to the inbox (`change`: `unread`, `archived`, `unarchived`) in some tab or on some instance; `unread_count` follows.",
  "record.changed":
    "A marketplace record changed on some instance: `kind` (`application`, `work`, `maintenance`), `uuid`, `change` (the audit action: `submitted`, `approved`, `accepted`, `rejected`, `reopened`, `providers_selected`, `assigned` or `unassigned` for a claim taken or released, and the offer changes `offer_accepted`, `offer_declined`, `offer_expired`, `offer_withdrawn`, `providers_offered`, and `note_added` for an internal note), the new `status`, the `actor` ({`id`, `full_name`}, `id` null for an applicant or a customer), `at`, and `record` as the list endpoints return it (its `assignee` says who holds it now). Sent to every signed-in socket; after a reconnection the client reloads its lists and counts instead of expecting the ones it missed.",
  update:
    "Legacy form of `unread_count` and `notification.read` (`event_type` + `data`); clients must accept it.",
  realtime_update: "The same as `update` under its other name.",
  pong: "Answer to `ping`, with its `timestamp`.",
  error: "A frame the server could not use, or a refused action: `detail` says why. The socket stays open.",
  presence:
    "Who else views the record `kind` `uuid` now (`viewers`: `id`, `full_name`, each person once, never the recipient), sent to each socket viewing it whenever that changes, on any instance.",
  "staff.changed":
    "An account (`user_id`) was invited, changed, deactivated or reactivated, or accepted its invitation, on some instance. Sent to active admins' sockets only; an open staff page reads its list again.",
}

const rows = (messages: Readonly<Record<string, string>>): string =>
  Object.entries(messages)
    .map(([type, meaning]) => `| \`${type}\` | ${meaning} |`)
    .join("\n")

const closeRows = Object.values(SOCKET_CLOSE)
  .map(({ code, reason }) => `| ${code} | ${reason} |`)
  .join("\n")

export const SOCKET_PROTOCOL_MARKDOWN = `## The notification socket

Open \`${SOCKET_PATH}?token=<access token>\` as a WebSocket (same origin, or an allowed Origin). Every frame is
one JSON object told apart by \`type\`; the schemas are the ClientMessage and ServerMessage models. A frame
larger than ${SOCKET_MAX_PAYLOAD_BYTES / 1024} KB closes the socket with 1009.

### Client → server

| type | meaning |
|---|---|
${rows(CLIENT_MESSAGES)}

### Server → client

| type | meaning |
|---|---|
${rows(SERVER_MESSAGES)}

### Close codes

| code | reason |
|---|---|
${closeRows}

On 4401 the client refreshes its access token and reconnects; on 4410 (the session was signed out) it does
neither; on 1001 it reconnects.`
