/** How people name the known categories; any other category id is spelled out from its words. */
const KNOWN: Record<string, string> = {
  admin: "Admin",
  website_coordinator: "Website coordinator",
}

/** 'website_coordinator' → 'Website coordinator'; 'support' → 'Support'. */
export function categoryLabel(category: string): string {
  const known = KNOWN[category]
  if (known) return known
  const words = category.replace(/[_-]+/g, " ").trim()
  return words === "" ? "Unknown" : `${words.charAt(0).toUpperCase()}${words.slice(1)}`
}
