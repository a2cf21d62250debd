import { useSelector } from "@xstate/react"
import { Search } from "lucide-react"
import { type KeyboardEvent, useEffect, useId, useRef } from "react"
import { navigate } from "wouter/use-browser-location"
import type { PageRefOf } from "../../machines/system/registry"
import { usePageActor } from "../marketplace/page-logic"
import { useModal } from "../shared/use-modal"
import { useAuth } from "../system/app-context"
import * as css from "./palette.css"
import { isPaletteKey } from "./palette-key"
import { paletteOptions } from "./palette-options"

// The command palette (docs/behaviour.md#command-palette): Ctrl/Cmd+K, or the top bar's Search button, opens
// it with its search field focused. The field is an ARIA combobox over a listbox of pages and records: the
// arrow keys move the active option (aria-activedescendant, so focus stays in the field), Enter opens it,
// Escape closes the palette and focus returns to where it was.

interface PaletteProps {
  /** Ctrl/Cmd+K was pressed before the palette was here (the first moments after the page showed). */
  readonly asked: boolean
  /** The palette has opened for that press. */
  readonly onAnswered: () => void
}

export function CommandPalette(props: PaletteProps) {
  const palette = usePageActor("palette", undefined)
  if (!palette) return null
  return <PaletteView palette={palette} {...props} />
}

function PaletteView({ palette, asked, onAnswered }: { palette: PageRefOf<"palette"> } & PaletteProps) {
  const open = useSelector(palette, (s) => s.matches("open"))
  const step = useSelector(palette, (s) => (s.matches("open") ? String(Object.values(s.value)[0]) : "closed"))
  const query = useSelector(palette, (s) => s.context.query)
  const results = useSelector(palette, (s) => s.context.results)
  const active = useSelector(palette, (s) => s.context.active)
  const error = useSelector(palette, (s) => s.context.error)
  const ref = useModal(open)
  const inputRef = useRef<HTMLInputElement>(null)
  // After useModal's showModal: the field is what Ctrl+K asks to focus.
  useEffect(() => {
    if (open) inputRef.current?.focus()
  }, [open])
  const listId = useId()
  const category = useAuth((ctx) => ctx.user?.user_category ?? null)
  const options = paletteOptions(query, results, category)
  // A list that got shorter than the arrows went (a newer search answered) highlights its last option: what is
  // highlighted on screen is what Enter opens.
  const highlighted = Math.min(active, options.length - 1)
  const current = options[highlighted]

  // A press made before the palette was here opens it now, once.
  useEffect(() => {
    if (!asked) return
    palette.send({ type: "palette.open" })
    onAnswered()
  }, [palette, asked, onAnswered])

  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (!isPaletteKey(e)) return
      e.preventDefault()
      palette.send(open ? { type: "palette.close" } : { type: "palette.open" })
    }
    window.addEventListener("keydown", onKey)
    return () => window.removeEventListener("keydown", onKey)
  }, [palette, open])

  // The browser's navigate, not useLocation's: the palette, always mounted, need not render again at every
  // navigation (the app's router is the browser's location, without a base).
  const go = (href: string) => {
    palette.send({ type: "palette.close" })
    navigate(href)
  }
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault()
      palette.send({ type: "palette.move", by: e.key === "ArrowDown" ? 1 : -1, count: options.length })
    } else if (e.key === "Enter" && current) {
      e.preventDefault()
      go(current.href)
    }
  }
  const searching = step === "waiting" || step === "searching"
  const status =
    query.trim() === ""
      ? "Type to find pages, requests, applications and notifications."
      : error !== null
        ? error
        : searching
          ? "Searching records…"
          : options.length === 0
            ? `Nothing matches “${query.trim()}”.`
            : `${options.length} ${options.length === 1 ? "match" : "matches"}.`

  return (
    <>
      <button
        type="button"
        className={css.trigger}
        // Its own name: a list page has a 'Search' button of its own.
        aria-label="Search pages and records"
        aria-keyshortcuts="Control+K Meta+K"
        onClick={() => palette.send({ type: "palette.open" })}
      >
        <Search size={16} aria-hidden="true" />
        <span>Search</span>
        <span className={css.triggerKeys} aria-hidden="true" />
      </button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes it from the keyboard (its cancel event) */}
      <dialog
        ref={ref}
        className={css.dialog}
        aria-label="Search pages and records"
        onCancel={(e) => {
          e.preventDefault()
          palette.send({ type: "palette.close" })
        }}
        onClick={(e) => {
          // A click on the backdrop (the dialog element itself, outside its content) closes it.
          if (e.target === e.currentTarget) palette.send({ type: "palette.close" })
        }}
      >
        {open ? (
          <>
            <input
              className={css.input}
              type="text"
              role="combobox"
              aria-label="Search pages and records"
              aria-expanded={options.length > 0}
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={current ? `${listId}-${highlighted}` : undefined}
              autoComplete="off"
              spellCheck={false}
              ref={inputRef}
              value={query}
              placeholder="Search pages and records"
              onChange={(e) => palette.send({ type: "palette.type", query: e.target.value })}
              onKeyDown={onKeyDown}
            />
            <div id={listId} role="listbox" aria-label="Results" className={css.listbox}>
              {options.map((o, i) => (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's Enter chooses the active option; focus stays in the field
                <div
                  key={o.key}
                  id={`${listId}-${i}`}
                  role="option"
                  aria-selected={i === highlighted}
                  tabIndex={-1}
                  className={`${css.option} ${i === highlighted ? css.active : ""}`}
                  onMouseMove={() => i !== active && palette.send({ type: "palette.point", index: i })}
                  onClick={() => go(o.href)}
                >
                  <span className={css.kind}>{o.kind}</span>
                  <span className={css.title}>{o.title}</span>
                  <span className={css.subtitle}>{o.subtitle}</span>
                </div>
              ))}
            </div>
            <p className={css.status} role="status">
              {status}
              {step === "failed" ? (
                <>
                  {" "}
                  <button type="button" onClick={() => palette.send({ type: "palette.retry" })}>
                    Try again
                  </button>
                </>
              ) : null}
            </p>
            <div className={css.footer} aria-hidden="true">
              <span>↑ ↓ to move · Enter to open</span>
              <span>Esc to close</span>
            </div>
          </>
        ) : null}
      </dialog>
    </>
  )
}
