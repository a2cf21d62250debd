import { LifeBuoy, LogOut, Settings, User } from "lucide-react"
import { type RefObject, useEffect, useRef } from "react"
import { Link, useLocation } from "wouter"
import { linkTo } from "../../schema/system/app-routes"
import { useSupport, useSupportSend } from "../support/support-hooks"
import { useAuthSend } from "../system/app-context"
import { LogoutDialog } from "./LogoutDialog"
import * as css from "./menu.css"

// The user menu's items and the logout dialog: nothing of them shows before the first click, so they come in a
// chunk of their own (UserMenu.tsx) and stay out of what the signed-in page waits for.

interface UserMenuPopupProps {
  readonly open: boolean
  readonly confirming: boolean
  readonly triggerRef: RefObject<HTMLButtonElement | null>
  readonly setOpen: (open: boolean) => void
  readonly setConfirming: (confirming: boolean) => void
}

export default function UserMenuPopup({
  open,
  confirming,
  triggerRef,
  setOpen,
  setConfirming,
}: UserMenuPopupProps) {
  const send = useAuthSend()
  const [, navigate] = useLocation()
  return (
    <>
      {open ? <MenuItems triggerRef={triggerRef} setOpen={setOpen} setConfirming={setConfirming} /> : null}
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
    </>
  )
}

function MenuItems({
  triggerRef,
  setOpen,
  setConfirming,
}: Pick<UserMenuPopupProps, "triggerRef" | "setOpen" | "setConfirming">) {
  const supportAllowed = useSupport((v) => v.allowed)
  const sendSupport = useSupportSend()
  const menuRef = useRef<HTMLDivElement>(null)

  // Opened: the first item takes focus.
  useEffect(() => {
    menuRef.current?.querySelector<HTMLElement>("[role=menuitem]")?.focus()
  }, [])

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
  )
}
