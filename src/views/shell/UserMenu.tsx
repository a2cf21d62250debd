import { Suspense, useRef, useState } from "react"
import { lazyPart } from "../shared/lazy-page"
import { useAuth } from "../system/app-context"
import { usePreloadWhenIdle } from "../system/preload-hooks"
import * as css from "./menu.css"

// The trigger shows from the first paint; the menu's items and the logout dialog load after it
// (./UserMenuPopup.tsx), fetched once the page is idle or at the first click, whichever comes first.
const UserMenuPopup = lazyPart(() => import("./UserMenuPopup"))

export function UserMenu() {
  const user = useAuth((ctx) => ctx.user)
  const [open, setOpen] = useState(false)
  const [confirming, setConfirming] = useState(false)
  // Mounted from the first click on, so that the dialog closes (and gives focus back) as a dialog does.
  const [used, setUsed] = useState(false)
  const triggerRef = useRef<HTMLButtonElement>(null)
  usePreloadWhenIdle(UserMenuPopup.preload)

  return (
    <div className={css.wrapper}>
      <button
        ref={triggerRef}
        type="button"
        className={css.trigger}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => {
          setUsed(true)
          setOpen((o) => !o)
        }}
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
      {used ? (
        <Suspense fallback={null}>
          <UserMenuPopup
            open={open}
            confirming={confirming}
            triggerRef={triggerRef}
            setOpen={setOpen}
            setConfirming={setConfirming}
          />
        </Suspense>
      ) : null}
    </div>
  )
}
