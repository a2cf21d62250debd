// The server names the field a refused value belongs to by its wire id ("full_name: Full name must not be
// empty"), which suits API integrators; a person reads the form's own label instead.

const FIELD_ERROR = /^([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)*): (.+)$/s

/**
 * The error as the form's reader should see it: the field's label in place of its id, and no repeat when the
 * message already names the field. Text that names no field is left as it is.
 */
export function fieldErrorText(error: string, labels: Readonly<Record<string, string>>): string {
  const match = FIELD_ERROR.exec(error)
  if (!match) return error
  const [, field = "", message = ""] = match
  const label = labels[field] ?? field.replaceAll("_", " ").replace(/^./, (c) => c.toUpperCase())
  if (message === "This field is required.") return `${label} is required.`
  if (message === "Unknown field.") return `${label} cannot be changed here.`
  if (message.toLowerCase().startsWith(label.toLowerCase())) return message
  return `${label}: ${message.charAt(0).toLowerCase()}${message.slice(1)}`
}
