// One byte range of a `Range: bytes=…` header (RFC 9110, the Range header). Several ranges, or a header in another
// unit, are answered with the whole file, as the RFC allows; a range that starts past the end is unsatisfiable.

export type RangeAnswer =
  | { readonly kind: "whole" }
  | { readonly kind: "part"; readonly start: number; readonly end: number }
  | { readonly kind: "unsatisfiable" }

export function parseRange(header: string | undefined, size: number): RangeAnswer {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/)
  if (!match) return { kind: "whole" }
  const [, from = "", to = ""] = match
  if (from === "" && to === "") return { kind: "whole" }
  if (from === "") {
    const suffix = Number(to)
    if (suffix === 0) return { kind: "unsatisfiable" }
    return { kind: "part", start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(from)
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1)
  if (start >= size) return { kind: "unsatisfiable" }
  if (end < start) return { kind: "whole" }
  return { kind: "part", start, end }
}
