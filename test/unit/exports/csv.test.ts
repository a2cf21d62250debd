import { describe, expect, it } from "vitest"
import { CSV_BOM, csvCell, csvHead, csvRow } from "../../../server/exports/csv"

describe("the CSV encoder", () => {
  it("leaves plain text, numbers and booleans as they are and writes nothing for no value", () => {
    expect(csvRow(["Leaking tap", 1250, true, null, undefined, ""])).toBe("Leaking tap,1250,true,,,\r\n")
  })

  it("quotes a field with a comma, a quote or a line break, doubling its quotes", () => {
    expect(csvCell("Flat 2, High Street")).toBe('"Flat 2, High Street"')
    expect(csvCell('The "big" one')).toBe('"The ""big"" one"')
    expect(csvCell("line one\nline two")).toBe('"line one\nline two"')
    expect(csvCell("carriage\r\nreturn")).toBe('"carriage\r\nreturn"')
  })

  it("escapes every cell that a spreadsheet would run as a formula", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"')
    expect(csvCell("+44 20 7946 0000")).toBe("'+44 20 7946 0000")
    expect(csvCell("-1+1")).toBe("'-1+1")
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)")
    expect(csvCell("\t=1")).toBe("'\t=1")
    // Only the first character counts: an equals sign inside is text.
    expect(csvCell("a=b")).toBe("a=b")
  })

  it("starts the file with a byte-order mark and the header row, ending lines with CRLF", () => {
    const head = csvHead(["Title", "Budget (GBP)"])
    expect(head.startsWith(CSV_BOM)).toBe(true)
    expect(Buffer.from(head, "utf8").subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
    expect(head.slice(1)).toBe("Title,Budget (GBP)\r\n")
  })

  it("keeps non-ASCII text as UTF-8", () => {
    expect(Buffer.from(csvRow(["Zoë Ĺ €"]), "utf8").toString("utf8")).toBe("Zoë Ĺ €\r\n")
  })
})
