import type { ServerMessage } from "../../schema/live/socket"

// The socket's place in the live change log (docs/behaviour.md#catching-up). Pure.

/** A frame whose change was applied already: at or below the position the tab resumes from. */
export const isApplied = (message: ServerMessage, since: number | null): boolean =>
  message.type !== "connection_established" &&
  "position" in message &&
  message.position !== undefined &&
  since !== null &&
  message.position <= since

/**
 * Where the tab stands after a frame: a change's position, or where a connection's stream starts (the position
 * it resumed from, or the newest when it could not resume and the pages reload).
 */
export function sinceAfter(message: ServerMessage, since: number | null): number | null {
  if (!("position" in message) || message.position === undefined) return since
  if (message.type === "connection_established") return message.position
  return Math.max(since ?? 0, message.position)
}
