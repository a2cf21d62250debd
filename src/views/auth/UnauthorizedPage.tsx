import { Link } from "wouter"
import { linkTo } from "../../schema/system/app-routes"
import * as ui from "../shared/ui.css"

export function UnauthorizedPage() {
  return (
    <main className={ui.centered}>
      <h1 className={ui.pageTitle}>Not allowed</h1>
      <p className={ui.muted}>Your account does not have access to that page.</p>
      <Link href={linkTo.dashboard}>Back to the dashboard</Link>
    </main>
  )
}
