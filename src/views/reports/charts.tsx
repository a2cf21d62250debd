import { useMemo } from "react"
import * as css from "./reports.css"
import { type Bar, barSpec, type DayPoint, flowSpec, type SpecOf } from "./uplot-specs"
import { useUplot } from "./use-uplot"

// The /reports charts, drawn by uPlot (the lightest maintained library that draws both shapes; see
// docs/behaviour.md#reports). A canvas says nothing to a screen reader, so each chart is one image whose name
// says what it shows, and its figures are in the table beside it.

export type { Bar, DayPoint } from "./uplot-specs"

/** One chart's box: the figures, not the array handed in, decide when it draws again. */
function Chart<F>({ figures, spec, title }: { figures: F; spec: SpecOf<F>; title: string }) {
  const key = JSON.stringify(figures)
  // biome-ignore lint/correctness/useExhaustiveDependencies: equal figures keep the chart as drawn.
  const stable = useMemo(() => figures, [key])
  const ref = useUplot(stable, spec)
  return <div ref={ref} className={css.chart} role="img" aria-label={title} />
}

/** Horizontal bars, one per label, scaled to the largest value. */
export function BarChart({ bars, title }: { bars: ReadonlyArray<Bar>; title: string }) {
  return <Chart figures={bars} spec={barSpec} title={title} />
}

/** Received (solid) and decided (dashed) per day. */
export function FlowChart({ points, title }: { points: ReadonlyArray<DayPoint>; title: string }) {
  return (
    <>
      <Chart figures={points} spec={flowSpec} title={title} />
      <p className={css.legend}>
        Solid line: received · dashed line: decided · {points[0]?.day ?? ""} to {points.at(-1)?.day ?? ""}
      </p>
    </>
  )
}
