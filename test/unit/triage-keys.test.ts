// The list's shortcuts are taken only from a press meant for the page: not while typing, not with a modifier
// (the browser's and screen readers' own commands), not under a dialog, and Enter not from a focused control.
// @vitest-environment happy-dom
import { describe, expect, it } from "vitest"
import { type KeyPress, triageCommand } from "../../src/views/marketplace/triage-keys"

const press = (
  key: string,
  target: EventTarget | null = document.body,
  more: Partial<KeyPress> = {},
): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  defaultPrevented: false,
  target,
  ...more,
})

const el = (html: string): Element => {
  const box = document.createElement("div")
  box.innerHTML = html
  document.body.append(box)
  return box.firstElementChild as Element
}

describe("triageCommand", () => {
  it("maps j, k, the arrows, Enter, x, a, r and ? on the page", () => {
    const keys = ["j", "ArrowDown", "k", "ArrowUp", "Enter", "x", "a", "r", "?"]
    expect(keys.map((k) => triageCommand(press(k), false))).toEqual([
      "down",
      "down",
      "up",
      "up",
      "open",
      "select",
      "approve",
      "reject",
      "help",
    ])
    expect(triageCommand(press("q"), false)).toBeNull()
  })

  it("takes nothing from a field, a contenteditable or a press with Ctrl, Cmd or Alt", () => {
    for (const html of [
      "<input>",
      "<textarea></textarea>",
      "<select></select>",
      "<div contenteditable='true'><b>x</b></div>",
    ]) {
      const target = el(html)
      expect(triageCommand(press("j", target.firstElementChild ?? target), false)).toBeNull()
    }
    for (const mod of ["ctrlKey", "metaKey", "altKey"] as const)
      expect(triageCommand(press("a", document.body, { [mod]: true }), false)).toBeNull()
    expect(triageCommand(press("a", document.body, { defaultPrevented: true }), false)).toBeNull()
  })

  it("takes nothing while a dialog is open", () => {
    expect(triageCommand(press("r"), true)).toBeNull()
  })

  it("leaves Enter to a focused link or button, but moves the cursor from them", () => {
    const link = el("<a href='/x'>x</a>")
    expect(triageCommand(press("Enter", link), false)).toBeNull()
    expect(triageCommand(press("Enter", el("<button>b</button>")), false)).toBeNull()
    expect(triageCommand(press("j", link), false)).toBe("down")
    expect(triageCommand(press("Enter", el("<table><tr><td>t</td></tr></table>")), false)).toBe("open")
  })
})
