import { SLOW_CONNECTION_TYPES } from "../../constants"

// The Network Information API (Chromium's): a user who asked the browser to save data, or a link as slow as
// 2G, gets page code only when they point at a link, not every page's code ahead of time.

/** True when the browser says to save data or that its connection is 2G-slow; false where it cannot say. */
export function prefersFewerDownloads(): boolean {
  if (typeof navigator === "undefined" || !("connection" in navigator)) return false
  const connection: unknown = navigator.connection
  if (typeof connection !== "object" || connection === null) return false
  if ("saveData" in connection && connection.saveData === true) return true
  return (
    "effectiveType" in connection &&
    typeof connection.effectiveType === "string" &&
    SLOW_CONNECTION_TYPES.includes(connection.effectiveType)
  )
}
