import { LifeBuoy, LogOut, Settings, User } from "lucide-react"
import { useEffect, useRef, useState } from "react"
import { Link, useLocation } from "wouter"
import { linkTo } from "../../schema/app-routes"
import { useAuth, useAuthSend } from "../app-context"
import { useSupport, useSupportSend } from "../support/support-hooks"
import { LogoutDialog } from "./LogoutDialog"
import * as css from "./menu.css"

export function UserMenu() {
  const user = useAuth((ctx) => ctx.user)
  const send = useAuthSend()
  const supportAllowed = useSupport((v) => v.allowed)
  const sendSupport = useSupportSend()
  const [, navigate] = useLocation()
  const [open, setOpen] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const triggerRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (open) menuRef.current?.querySelector<HTMLElement>("[role=menuitem]")?.focus()
  }, [open])

  const close = () => {
    setOpen(false)
    triggerRef.current?.focus()
  }
  const onMenuKey = (e: React.KeyboardEvent) => {
    const items = Array.from(menuRef.current?.querySelectorAll<HTMLElement>("[role=menuitem]") ?? [])
    const at = items.indexOf(document.activeElement as HTMLElement)
    if (e.key === "Escape") close()
    else if (e.key === "ArrowDown") items[(at + 1) % items.length]?.focus()
    else if (e.key === "ArrowUp") items[(at - 1 + items.length) % items.length]?.focus()
    else return
    e.preventDefault()
  }

  return (
    <div className={css.wrapper}>
      <button
        ref={triggerRef}
        type="button"
        className={css.trigger}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        <span className={css.avatar} aria-hidden="true">
          {user?.initials ?? "?"}
        </span>
        {/* Named by its content, not aria-label, so the name contains the visible name (WCAG 2.5.3). */}
        <span className="visually-hidden">User menu for </span>
        <span className={css.triggerName} title={user?.full_name}>
          {user?.full_name ?? "you"}
        </span>
      </button>
      {open ? (
        <div
          ref={menuRef}
          className={css.menu}
          role="menu"
          aria-label="User menu"
          tabIndex={-1}
          onKeyDown={onMenuKey}
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false)
          }}
        >
          <Link href={linkTo.profile} role="menuitem" className={css.item} onClick={() => setOpen(false)}>
            <User size={16} aria-hidden="true" />
            Profile
          </Link>
          <Link href={linkTo.settings} role="menuitem" className={css.item} onClick={() => setOpen(false)}>
            <Settings size={16} aria-hidden="true" />
            Settings
          </Link>
          {supportAllowed ? (
            <button
              type="button"
              role="menuitem"
              className={css.item}
              aria-keyshortcuts="Control+Shift+S"
              onClick={() => {
                setOpen(false)
                sendSupport({ type: "support.open" })
              }}
            >
              <LifeBuoy size={16} aria-hidden="true" />
              Support panel
            </button>
          ) : null}
          <button
            type="button"
            role="menuitem"
            className={css.item}
            onClick={() => {
              setOpen(false)
              setConfirming(true)
            }}
          >
            <LogOut size={16} aria-hidden="true" />
            Log out
          </button>
        </div>
      ) : null}
      <LogoutDialog
        open={confirming}
        returnTo={triggerRef}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false)
          send({ type: "auth.logout" })
          navigate(linkTo.login(), { replace: true })
        }}
      />
    </div>
  )
}
