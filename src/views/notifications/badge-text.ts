import { NOTIFICATIONS } from "../../constants"

// The bell badge's text, on its own: the bell shows it from the first paint, before the rest of the
// notification rules (notification-list.ts) have loaded.

/** The bell badge: nothing at 0, '9+' above 9. */
export function badgeText(unread: number): string | null {
  if (unread <= 0) return null
  return unread > NOTIFICATIONS.badgeMax ? `${NOTIFICATIONS.badgeMax}+` : String(unread)
}
