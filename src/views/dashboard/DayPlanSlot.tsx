import { Suspense } from "react"
import * as css from "../marketplace/marketplace.css"
import { lazyPart } from "../shared/lazy-page"
import * as ui from "../shared/ui.css"
import { useRestState } from "../shell/live-parts-hooks"

// Where the day's plan sits on the dashboard (docs/behaviour.md#planning-the-day). Its code and its call
// wait for the rest of the session, so that the dashboard's first paint waits for neither.

const DayPlanBody = lazyPart(() => import("./DayPlanCard"))

export function DayPlanSlot() {
  const rest = useRestState()
  const loading = <p className={ui.muted}>Loading the day's plan...</p>
  return (
    <section className={css.section} aria-labelledby="plan-title">
      <h2 id="plan-title">Plan the day</h2>
      {rest === "running" ? (
        <Suspense fallback={loading}>
          <DayPlanBody />
        </Suspense>
      ) : (
        loading
      )}
    </section>
  )
}
