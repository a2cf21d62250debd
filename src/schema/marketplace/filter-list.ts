// A multi-value filter's values in one URL parameter (docs/behaviour.md#filters): separated by commas, with a
// comma or a backslash inside a value written after a backslash, so that an area named "Kensington, London"
// stays one value. No imports: the export button, in the dashboard's first paint, writes filters too.

/** The values as one parameter. */
export const joinFilterList = (values: ReadonlyArray<string>): string =>
  values.map((v) => v.replace(/[\\,]/g, (c) => `\\${c}`)).join(",")

/** One parameter as its values; empty values (never valid on the wire) are dropped. */
export function splitFilterList(text: string): string[] {
  const values: string[] = []
  let current = ""
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (c === "\\" && i + 1 < text.length) {
      current += text[i + 1]
      i++
    } else if (c === ",") {
      values.push(current)
      current = ""
    } else current += c
  }
  values.push(current)
  return values.filter((v) => v !== "")
}
