import type { ViewableDocument } from "../../schema/documents/document"
import { KIND_FACTS } from "../../schema/documents/kinds"

/** "Insurance · PL-1234 · Aviva · valid until 2031-01-31": what a document states, in one line. */
export function documentFacts(document: ViewableDocument): string {
  return [
    KIND_FACTS[document.kind].label,
    document.number,
    document.issuer,
    document.expires_on ? `valid until ${document.expires_on}` : null,
  ]
    .filter((part) => part !== null)
    .join(" · ")
}

/** 723 bytes → "1 KB"; 10 MB → "10.0 MB". */
export function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

/** The same link, asking for the file as an attachment. */
export const downloadUrl = (url: string): string => `${url}${url.includes("?") ? "&" : "?"}download=1`
