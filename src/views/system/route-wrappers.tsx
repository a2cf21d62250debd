import type { ComponentType } from "react"
import { NOT_IN_RELEASE, PlaceholderPage } from "../shell/PlaceholderPage"
import { RestGate } from "./RestGate"
import { RequireRoles } from "./route-guards"

// What a signed-in route wraps its page in: a placeholder for what is not in this release, a role check, the
// wait for the rest of the session. Each is made once per route at module load (./signed-in-routes.tsx).

const placeholder = (title: string, message: string): ComponentType =>
  // biome-ignore lint/correctness/noComponentHookFactories: made once per route at module load, never per render
  function Placeholder() {
    return <PlaceholderPage title={title} message={message} />
  }

export const notInRelease = (title: string) => placeholder(title, NOT_IN_RELEASE)

/** The page for the given categories only; anyone else goes to /unauthorized. */
export const forRoles =
  (roles: ReadonlyArray<string>) =>
  (Page: ComponentType): ComponentType =>
    function RolesOnly() {
      return (
        <RequireRoles roles={roles}>
          <Page />
        </RequireRoles>
      )
    }

/** A page that needs the rest of the session (its machine, the notifications, presence): it waits for it. */
export const afterRest = (
  Page: ComponentType & { readonly preload?: () => Promise<unknown> },
): ComponentType =>
  Object.assign(
    function AfterRest() {
      return (
        <RestGate>
          <Page />
        </RestGate>
      )
    },
    // A reload of this page still fetches its code at once, while the rest of the session loads.
    Page.preload ? { preload: Page.preload } : {},
  )
