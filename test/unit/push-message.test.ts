import { describe, expect, it } from "vitest"
import { NEW_PUSH_TITLE, toPushMessage } from "../../src/machines/push/push-message"

describe("toPushMessage", () => {
  it("reads title and body from the notification part, or from data as the server sends them", () => {
    expect(
      toPushMessage({
        notification: { title: "Approved", body: "Request 4" },
        data: { notification_id: "42", action_url: "/dashboard" },
      }),
    ).toEqual({ title: "Approved", body: "Request 4", notificationId: 42, actionUrl: "/dashboard" })
    expect(toPushMessage({ data: { notification_id: "7", title: "T", body: "B" } })).toEqual({
      title: "T",
      body: "B",
      notificationId: 7,
      actionUrl: null,
    })
  })

  it("falls back to 'New notification' and ignores ids that are not positive integers", () => {
    for (const id of ["0", "-1", "1.5", "1e3", "abc", "", "12345678901234567"])
      expect(toPushMessage({ data: { notification_id: id } })?.notificationId).toBeNull()
    expect(toPushMessage({ data: {} })?.title).toBe(NEW_PUSH_TITLE)
    expect(toPushMessage({ notification: { title: "   " } })?.title).toBe(NEW_PUSH_TITLE)
  })

  it("refuses payloads of the wrong shape instead of throwing", () => {
    expect(toPushMessage(null)).toBeNull()
    expect(toPushMessage("text")).toBeNull()
    expect(toPushMessage({ data: { notification_id: 5 } })).toBeNull()
    expect(toPushMessage({ notification: "x" })).toBeNull()
  })
})
