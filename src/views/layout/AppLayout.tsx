import { type ReactNode, useEffect } from "react"
import { useSidebar, useSidebarSend } from "../ui-hooks"
import { ConnectionIndicator } from "./ConnectionIndicator"
import * as css from "./layout.css"
import { Sidebar } from "./Sidebar"
import { TermsBanner } from "./TermsBanner"
import { UserMenu } from "./UserMenu"

export function AppLayout({ children, bell }: { children: ReactNode; bell?: ReactNode }) {
  const send = useSidebarSend()
  const collapsed = useSidebar((_, c) => c)

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "k") {
        e.preventDefault()
        send({ type: "sidebar.focusSearch" })
      }
    }
    window.addEventListener("keydown", onKey)
    return () => window.removeEventListener("keydown", onKey)
  }, [send])

  return (
    <div className={css.shell}>
      <a href="#main" className="visually-hidden">
        Skip to content
      </a>
      <Sidebar />
      <div className={css.main}>
        <header className={css.topbar}>
          <button
            type="button"
            className={css.iconButton}
            aria-label="Menu"
            aria-expanded={!collapsed}
            onClick={() => send({ type: "sidebar.toggle" })}
          >
            ☰
          </button>
          <div className={css.spacer} />
          <ConnectionIndicator />
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
