// Text the database cannot hold as sent is refused before any Schema sees it, naming where it sits.
import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { Invalid } from "../../server/errors"
import { decodeOr400 } from "../../server/http/decode"

const Body = Schema.Struct({
  name: Schema.optionalKey(Schema.String),
  tags: Schema.optionalKey(Schema.Array(Schema.String)),
  extra: Schema.optionalKey(Schema.Record(Schema.String, Schema.String)),
})

const detailOf = (value: unknown): string => {
  try {
    decodeOr400(Body, value)
  } catch (error) {
    if (error instanceof Invalid) return error.detail
    throw error
  }
  return "accepted"
}

describe("decodeOr400's refusal of text the database cannot hold", () => {
  it.each([
    [{ name: "a\u0000b" }, "name: Text must not contain NUL characters."],
    [{ tags: ["ok", "\ud800", "\udc00"] }, "tags.1: Text must not contain half of a surrogate pair."],
    [{ tags: ["\udc00x"] }, "tags.0: Text must not contain half of a surrogate pair."],
    [{ extra: { "k\udbff": "v" } }, "extra: Text must not contain half of a surrogate pair."],
    ["\ud83d", "Text must not contain half of a surrogate pair."],
  ])("refuses %j", (value, detail) => {
    expect(detailOf(value)).toBe(detail)
  })

  it("accepts a whole surrogate pair, as any other character", () => {
    expect(
      detailOf({ name: "wrench \ud83d\udd27", tags: ["\ud83d\ude00"], extra: { "\ud83d\udd27": "x" } }),
    ).toBe("accepted")
  })
})
