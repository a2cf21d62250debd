// @vitest-environment happy-dom
// The dialogs' one row of buttons comes from their shared frame: Cancel first, then the dialog's one action, in
// that order for the keyboard too; a dialog with nothing to act on has one main button that closes it.
import { fireEvent, render, screen } from "@testing-library/react"
import { createRef } from "react"
import { afterEach, describe, expect, it, vi } from "vitest"
import { ConfirmDialog } from "../../src/views/marketplace/ConfirmDialog"
import { ReasonDialog } from "../../src/views/marketplace/ReasonDialog"
import { ShortcutsDialog } from "../../src/views/marketplace/ShortcutsDialog"
import { LogoutDialog } from "../../src/views/shell/LogoutDialog"

afterEach(() => document.body.replaceChildren())

/** The dialog's buttons, in document (and so tab) order. */
const buttons = (name: string) =>
  Array.from(screen.getByRole("dialog", { name, hidden: true }).querySelectorAll("button")).map((b) => ({
    text: b.textContent,
    type: b.type,
  }))

describe("DialogFrame's buttons", () => {
  it("Confirm: Cancel, then the action; Cancel cancels and the action confirms", () => {
    const onCancel = vi.fn()
    const onConfirm = vi.fn()
    render(
      <ConfirmDialog
        open
        title="Approve this?"
        confirmLabel="Approve"
        onCancel={onCancel}
        onConfirm={onConfirm}
      >
        It goes to the providers.
      </ConfirmDialog>,
    )
    expect(buttons("Approve this?")).toEqual([
      { text: "Cancel", type: "button" },
      { text: "Approve", type: "button" },
    ])
    fireEvent.click(screen.getByRole("button", { name: "Cancel", hidden: true }))
    expect([onCancel.mock.calls.length, onConfirm.mock.calls.length]).toEqual([1, 0])
    fireEvent.click(screen.getByRole("button", { name: "Approve", hidden: true }))
    expect([onCancel.mock.calls.length, onConfirm.mock.calls.length]).toEqual([1, 1])
  })

  it("Reason: Cancel does not submit the form; Reject does", () => {
    const onCancel = vi.fn()
    const onSubmit = vi.fn()
    render(<ReasonDialog open title="Reject this" onCancel={onCancel} onSubmit={onSubmit} />)
    expect(buttons("Reject this")).toEqual([
      { text: "Cancel", type: "button" },
      { text: "Reject", type: "submit" },
    ])
    fireEvent.click(screen.getByRole("button", { name: "Cancel", hidden: true }))
    expect([onCancel.mock.calls.length, onSubmit.mock.calls.length]).toEqual([1, 0])
  })

  it("Logout: Cancel, then Log out", () => {
    const onCancel = vi.fn()
    render(<LogoutDialog open returnTo={createRef()} onCancel={onCancel} onConfirm={() => {}} />)
    expect(buttons("Confirm Logout").map((b) => b.text)).toEqual(["Cancel", "Log out"])
    fireEvent.click(screen.getByRole("button", { name: "Cancel", hidden: true }))
    expect(onCancel).toHaveBeenCalledTimes(1)
  })

  it("Shortcuts: one Close button, which closes", () => {
    const onClose = vi.fn()
    render(<ShortcutsDialog open onClose={onClose} />)
    expect(buttons("Keyboard shortcuts").map((b) => b.text)).toEqual(["Close"])
    fireEvent.click(screen.getByRole("button", { name: "Close", hidden: true }))
    expect(onClose).toHaveBeenCalledTimes(1)
  })
})
