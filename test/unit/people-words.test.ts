import { describe, expect, it } from "vitest"
import { RECORD_LOAD_FAILED } from "../../src/machines/marketplace/review.machine"
import { listOf, plural } from "../../src/views/marketplace/record-format"
import { categoryLabel } from "../../src/views/profile/category-label"
import { fieldErrorText } from "../../src/views/profile/field-error-text"
import { retryMayHelp } from "../../src/views/shared/retry-may-help"

const LABELS = { full_name: "Full name", email: "Email address" }

describe("words meant for people", () => {
  it("names categories as people say them", () => {
    expect(categoryLabel("website_coordinator")).toBe("Website coordinator")
    expect(categoryLabel("admin")).toBe("Admin")
    expect(categoryLabel("regional_support-lead")).toBe("Regional support lead")
    expect(categoryLabel("__")).toBe("Unknown")
  })

  it("puts the form's label where the server named a field id", () => {
    expect(fieldErrorText("full_name: Full name must not be empty", LABELS)).toBe(
      "Full name must not be empty",
    )
    expect(fieldErrorText("email: Enter a valid email address", LABELS)).toBe(
      "Email address: enter a valid email address",
    )
    expect(fieldErrorText("email: This field is required.", LABELS)).toBe("Email address is required.")
    expect(fieldErrorText("is_admin: Unknown field.", LABELS)).toBe("Is admin cannot be changed here.")
    // No field named: the text stays as the server wrote it.
    expect(fieldErrorText("That email address is already in use.", LABELS)).toBe(
      "That email address is already in use.",
    )
  })

  it("gets plurals right", () => {
    expect(plural(1, "candidate")).toBe("1 candidate")
    expect(plural(0, "candidate")).toBe("0 candidates")
    expect(plural(1200, "provider")).toBe("1,200 providers")
  })

  it("offers Retry only where asking again could change the answer", () => {
    expect(retryMayHelp(RECORD_LOAD_FAILED, RECORD_LOAD_FAILED)).toBe(true)
    expect(retryMayHelp("Internal server error", RECORD_LOAD_FAILED)).toBe(true)
    expect(retryMayHelp("Not found.", RECORD_LOAD_FAILED)).toBe(false)
  })

  it("names the list a record is in as the sidebar does", () => {
    expect(listOf("work", "approved")).toEqual({
      href: "/website-coordinator/approved-requests",
      label: "Approved work requests",
    })
    expect(listOf("application", "pending")).toEqual({
      href: "/website-coordinator/company-verification/pending",
      label: "Pending applications",
    })
    expect(listOf("maintenance", "rejected").href).toBe("/website-coordinator/maintenance/rejected")
  })
})
