import type { NotificationType } from "../../schema/notifications/notifications"

/** How each notification type is named on the settings page. */
export const TYPE_LABELS: Record<NotificationType, string> = {
  account_update: "Account updates",
  company_update: "Company updates",
  system: "System",
  system_alert: "System alerts",
  reminder: "Reminders",
  welcome: "Welcome",
  security: "Security",
  approval: "Approvals",
}
