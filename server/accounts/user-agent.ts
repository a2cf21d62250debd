// A User-Agent read as a person names their browser: "Chrome" and "Linux", enough to recognise one's own
// sessions and to tell a sign-in from a browser not seen before. Order matters: Edge and Opera say "Chrome"
// too, Chrome says "Safari", and Android says "Linux". A part not recognised is "" (a script, a tool).

const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\b(?:OPR|Opera)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(?:Firefox|FxiOS)\//, "Firefox"],
  [/\b(?:HeadlessChrome|Chrome|Chromium|CriOS)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
]

const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(?:iPhone|iPad|iPod)\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b|\bX11\b/, "Linux"],
]

/** Longer User-Agents are cut before matching: nothing a browser sends is this long. */
const MAX_LENGTH = 512

const first = (table: ReadonlyArray<readonly [RegExp, string]>, text: string): string =>
  table.find(([pattern]) => pattern.test(text))?.[1] ?? ""

export interface Client {
  readonly browser: string
  readonly system: string
}

export function parseUserAgent(userAgent: string | undefined): Client {
  const text = (userAgent ?? "").slice(0, MAX_LENGTH)
  return { browser: first(BROWSERS, text), system: first(SYSTEMS, text) }
}
