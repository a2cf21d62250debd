import {
  DOCUMENT_LIMITS,
  EXTENSION_OF,
  STORED_TYPES,
  type StoredType,
} from "../../src/schema/documents/kinds"

// The name a stored file keeps: what the uploader called it, without any folder (a path in the name is the
// uploader's machine, never ours), without control characters or quotes that would break a header, and
// ending in the extension of the type its bytes have.

const KNOWN_EXTENSIONS: Readonly<Record<string, StoredType>> = {
  pdf: "application/pdf",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
}

/** The last segment of a path written with either kind of slash. */
const baseName = (name: string): string => name.split(/[/\\]/).pop() ?? ""

const extensionOf = (name: string): string | null => {
  const dot = name.lastIndexOf(".")
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : null
}

/** The type a name claims by its extension, when it names one of the stored types. */
export const typeNamed = (name: string): StoredType | null => {
  const extension = extensionOf(baseName(name))
  return extension === null ? null : (KNOWN_EXTENSIONS[extension] ?? null)
}

export function cleanFileName(given: string, type: StoredType): string {
  const base = baseName(given)
    .normalize("NFC")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^\.+/, "")
  const extension = EXTENSION_OF[type]
  const stem = typeNamed(base) === null ? base : base.slice(0, base.lastIndexOf("."))
  const room = DOCUMENT_LIMITS.maxFileNameLength - extension.length - 1
  const kept = stem.slice(0, room).trim() || (type === "application/pdf" ? "document" : "image")
  return `${kept}.${extension}`
}

/** `Content-Disposition` for a clean name: an ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(name: string, disposition: "inline" | "attachment"): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/[\\"]/g, "_")
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}

export const isStoredType = (mime: string | undefined): mime is StoredType =>
  (STORED_TYPES as readonly string[]).includes(mime ?? "")
