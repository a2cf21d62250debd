import { appPath } from "../../schema/system/app-path"

/**
 * Where the client may navigate for a URL it was given (an action_url, a ?next= target): the app path, or null
 * for anything that could leave the origin. The rule is the server's too (src/schema/system/app-path.ts).
 */
export function safeAppPath(raw: string | null | undefined): string | null {
  if (typeof raw !== "string") return null
  return appPath(raw.trim())
}
