// Who a note's `@` names (server/marketplace/note-mentions.ts): full name first, then the email's name, then a
// first name only one colleague has; a shared first name names nobody and is reported with who matched.
import { describe, expect, it } from "vitest"
import { ambiguityDetail, mentionsOf } from "../../server/marketplace/note-mentions"

const COLLEAGUES = [
  { id: 1, full_name: "Ada Admin", email: "admin@example.com" },
  { id: 2, full_name: "Corey Coordinator", email: "coordinator@example.com" },
  { id: 3, full_name: "Cora Second", email: "cora@example.com" },
  { id: 4, full_name: "Zoë Ward", email: "z.ward@example.com" },
]
const names = (body: string, colleagues = COLLEAGUES) =>
  mentionsOf(body, colleagues).mentioned.map((m) => m.full_name)

describe("note mentions", () => {
  it("finds a colleague by first name, in any case, before punctuation", () => {
    expect(names("@corey, please")).toEqual(["Corey Coordinator"])
    expect(names("Ask @ZOË's team")).toEqual(["Zoë Ward"])
    expect(names("@Ada.")).toEqual(["Ada Admin"])
  })

  it("keeps full names and email names, each colleague once, in a stable order", () => {
    expect(names("@Cora Second and @cora and @coordinator")).toEqual(["Corey Coordinator", "Cora Second"])
    expect(names("mail @z.ward")).toEqual(["Zoë Ward"])
    expect(names("@nobody and an@ sign")).toEqual([])
  })

  it("names nobody for a shared first name and says who matched", () => {
    const twice = [...COLLEAGUES, { id: 5, full_name: "Corey Other", email: "c.other@example.com" }]
    const found = mentionsOf("Ask @Corey and @Ada", twice)
    expect(found.mentioned.map((m) => m.full_name)).toEqual(["Ada Admin"])
    expect(ambiguityDetail(found.ambiguous)).toBe(
      "@Corey could be Corey Coordinator or Corey Other: write the full name.",
    )
    // The full name or the email's name settles it.
    const settled = mentionsOf("@Corey Other and @coordinator", twice)
    expect(settled.ambiguous).toEqual([])
    expect(settled.mentioned.map((m) => m.id)).toEqual([2, 5])
  })
})
