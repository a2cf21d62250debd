/** A state value as people write it: `AUTHENTICATED.ready`, or `{list: ready, sync: idle}` when parallel. */
export function stateText(value: unknown): string {
  if (value === undefined || value === null) return ""
  if (typeof value === "string") return value
  if (typeof value !== "object") return String(value)
  const entries = Object.entries(value as Record<string, unknown>)
  if (entries.length === 1) {
    const [key, inner] = entries[0] ?? ["", ""]
    const rest = stateText(inner)
    return rest ? `${key}.${rest}` : key
  }
  return `{${entries.map(([k, v]) => `${k}: ${stateText(v)}`).join(", ")}}`
}
