import { useAuth } from "../app-context"
import * as ui from "../shared/ui.css"

export default function DashboardPage() {
  const name = useAuth((ctx) => ctx.user?.full_name)
  return (
    <section className={ui.page} aria-labelledby="page-title">
      <h1 id="page-title" className={ui.pageTitle}>
        Dashboard
      </h1>
      <p>Welcome back{name ? `, ${name}` : ""}.</p>
    </section>
  )
}
