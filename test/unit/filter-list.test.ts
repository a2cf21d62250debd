// A multi-value filter in one URL parameter: commas separate the values, and a comma or a backslash inside a
// value is written after a backslash, so that every list of values reads back as itself.

import { Schema } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { joinFilterList, splitFilterList } from "../../src/schema/marketplace/filter-list"
import { AreaList, filterValues } from "../../src/schema/marketplace/record-filters"

describe("filter lists", () => {
  it("reads back any list of non-empty values as itself", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ minLength: 1, unit: fc.constantFrom("a", " ", ",", "\\", "é") })),
        (values) => {
          expect(splitFilterList(joinFilterList(values))).toEqual(values)
        },
      ),
    )
  })

  it("keeps the plain form for values without a comma or a backslash", () => {
    expect(joinFilterList(["high", "emergency"])).toBe("high,emergency")
    expect(splitFilterList("Leeds,York")).toEqual(["Leeds", "York"])
    expect(filterValues("Kensington\\, London,Leeds")).toEqual(["Kensington, London", "Leeds"])
    expect(filterValues(undefined)).toEqual([])
  })

  it("lets an escaped comma through the area parameter's check, and not a name starting with a space", () => {
    const check = Schema.decodeUnknownExit(AreaList)
    expect(check("Kensington\\, London,Leeds")._tag).toBe("Success")
    expect(check("Kensington, London")._tag).toBe("Failure")
    expect(check("a\\\\b")._tag).toBe("Success")
  })
})
