import {
  AlarmClock,
  BadgeCheck,
  Building2,
  Hand,
  type LucideIcon,
  Settings,
  ShieldAlert,
  TriangleAlert,
  UserCog,
} from "lucide-react"
import type { NotificationType } from "../../schema/notifications/notifications"
import * as css from "./inbox-row.css"

/** Each type's icon and its name, as a screen reader announces the icon. */
const TYPES: Record<NotificationType, readonly [LucideIcon, string]> = {
  account_update: [UserCog, "Account update"],
  company_update: [Building2, "Company update"],
  system: [Settings, "System"],
  system_alert: [TriangleAlert, "System alert"],
  reminder: [AlarmClock, "Reminder"],
  welcome: [Hand, "Welcome"],
  security: [ShieldAlert, "Security"],
  approval: [BadgeCheck, "Approval"],
}

export const typeLabel = (type: NotificationType): string => TYPES[type][1]

export function TypeIcon({ type }: { type: NotificationType }) {
  const [Icon, label] = TYPES[type]
  return (
    <span className={css.typeIcon} role="img" aria-label={label}>
      <Icon size={18} aria-hidden="true" />
    </span>
  )
}
