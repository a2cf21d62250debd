/** The browser's media query, or null where there is none (a test's DOM, a worker). */
export function media(query: string): MediaQueryList | null {
  return typeof window === "undefined" || !window.matchMedia ? null : window.matchMedia(query)
}
