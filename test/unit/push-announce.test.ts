import { describe, expect, it } from "vitest"
import { type PushFacts, pushVerdict } from "../../src/machines/push/push-announce"

const facts = (over: Partial<PushFacts> = {}): PushFacts => ({
  newestSeen: 10,
  toasted: [],
  socketLive: false,
  visible: true,
  ...over,
})

describe("pushVerdict: one toast per notification across socket, push and tabs", () => {
  it("toasts a new notification in a shown tab that is not live on the socket", () => {
    expect(pushVerdict(11, facts())).toBe("toast")
  })
  it("does not toast what the socket or the list has already brought", () => {
    expect(pushVerdict(10, facts())).toBe("seen")
    expect(pushVerdict(3, facts())).toBe("seen")
  })
  it("does not toast twice what a push toast already announced", () => {
    expect(pushVerdict(12, facts({ toasted: [12] }))).toBe("seen")
  })
  it("leaves a new notification to the socket when the tab is live on it", () => {
    expect(pushVerdict(11, facts({ socketLive: true }))).toBe("socket")
  })
  it("toasts a message without an id even when live: the socket does not know it", () => {
    expect(pushVerdict(null, facts({ socketLive: true }))).toBe("toast")
  })
  it("never toasts in a hidden tab", () => {
    expect(pushVerdict(11, facts({ visible: false }))).toBe("hidden")
    expect(pushVerdict(null, facts({ visible: false }))).toBe("hidden")
  })
})
