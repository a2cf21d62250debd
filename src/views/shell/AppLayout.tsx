import { type ReactNode, useEffect, useRef } from "react"
import { Glyph } from "../shared/Glyph"
import * as css from "./layout.css"
import { Sidebar } from "./Sidebar"
import { TermsBanner } from "./TermsBanner"
import { UserMenu } from "./UserMenu"
import { useSidebar, useSidebarSend } from "./ui-hooks"

interface AppLayoutProps {
  readonly children: ReactNode
  /** The top bar's parts that come with the rest of the session, after the first paint (live-parts.tsx). */
  readonly palette?: ReactNode
  readonly connection?: ReactNode
  readonly bell?: ReactNode
}

export function AppLayout({ children, palette, connection, bell }: AppLayoutProps) {
  const send = useSidebarSend()
  const collapsed = useSidebar((_, c) => c)
  const narrow = useSidebar((ctx) => ctx.narrow)
  const overlayOpen = narrow && !collapsed
  const menuRef = useRef<HTMLButtonElement>(null)
  const sidebarRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // Ctrl/Cmd+K belongs to the command palette (CommandPalette.tsx).
      if (e.key === "Escape" && overlayOpen && !e.defaultPrevented) {
        send({ type: "sidebar.close" })
      }
    }
    window.addEventListener("keydown", onKey)
    return () => window.removeEventListener("keydown", onKey)
  }, [send, overlayOpen])

  // The overlay takes focus when it opens, and gives it back to the Menu button when it closes without a
  // navigation (Escape, its close button, the scrim), so a keyboard user is never left on the page's body.
  const wasOpen = useRef(overlayOpen)
  useEffect(() => {
    const aside = sidebarRef.current?.querySelector("aside")
    if (overlayOpen && !wasOpen.current) {
      const active = document.activeElement
      if (!aside?.contains(active)) aside?.querySelector<HTMLElement>("[data-sidebar-toggle]")?.focus()
    } else if (!overlayOpen && wasOpen.current && narrow) {
      const active = document.activeElement
      if (active === document.body || aside?.contains(active) || active === null) menuRef.current?.focus()
    }
    wasOpen.current = overlayOpen
  }, [overlayOpen, narrow])

  return (
    <div className={css.shell}>
      <a href="#main" className="visually-hidden">
        Skip to content
      </a>
      <div ref={sidebarRef} className={css.sidebarSlot}>
        <Sidebar />
      </div>
      <div className={css.main}>
        <header className={css.topbar}>
          {/* Only on a narrow screen: a wide sidebar has its own toggle, and two side by side said the same. */}
          <button
            ref={menuRef}
            type="button"
            className={`${css.iconButton} ${css.narrowOnly}`}
            aria-label="Menu"
            aria-expanded={overlayOpen}
            onClick={() => send({ type: "sidebar.toggle" })}
          >
            <Glyph name="menu" size={22} />
          </button>
          {palette}
          <div className={css.spacer} />
          {connection}
          {bell}
          <UserMenu />
        </header>
        <TermsBanner />
        <main id="main" className={css.content} tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  )
}
