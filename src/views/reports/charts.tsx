import { vars } from "../shell/theme.css"

// Charts drawn as SVG by hand: two shapes (bars, and two lines over days) do not justify a library's
// weight on this page, and SVG takes the theme's colours, so dark mode needs nothing more. Each chart is one
// image with a name that says what it shows; its figures are in the table beside it, for screen readers
// and for copying.

const WIDTH = 640
const BAR_HEIGHT = 22
const LABEL_WIDTH = 150

export interface Bar {
  readonly label: string
  readonly value: number
  readonly text: string
}

/** Horizontal bars, one per label, scaled to the largest value. */
export function BarChart({ bars, title }: { bars: ReadonlyArray<Bar>; title: string }) {
  const max = Math.max(1, ...bars.map((b) => b.value))
  const height = bars.length * (BAR_HEIGHT + 8) + 8
  return (
    <svg viewBox={`0 0 ${WIDTH} ${height}`} width="100%" role="img" aria-label={title}>
      {bars.map((b, i) => {
        const y = 8 + i * (BAR_HEIGHT + 8)
        const w = ((WIDTH - LABEL_WIDTH - 90) * b.value) / max
        return (
          <g key={b.label}>
            <text x={0} y={y + 16} fill={vars.color.text} fontSize="13">
              {b.label}
            </text>
            <rect
              x={LABEL_WIDTH}
              y={y}
              width={Math.max(1, w)}
              height={BAR_HEIGHT}
              fill={vars.color.accent}
              rx={3}
            />
            <text x={LABEL_WIDTH + w + 6} y={y + 16} fill={vars.color.text} fontSize="13">
              {b.text}
            </text>
          </g>
        )
      })}
    </svg>
  )
}

export interface DayPoint {
  readonly day: string
  readonly received: number
  readonly decided: number
}

const FLOW_HEIGHT = 200
const PAD = 28

/** Received (solid) and decided (dashed) per day; the legend says which is which in words. */
export function FlowChart({ points, title }: { points: ReadonlyArray<DayPoint>; title: string }) {
  const max = Math.max(1, ...points.map((p) => Math.max(p.received, p.decided)))
  const step = points.length > 1 ? (WIDTH - 2 * PAD) / (points.length - 1) : 0
  const y = (v: number) => FLOW_HEIGHT - PAD - ((FLOW_HEIGHT - 2 * PAD) * v) / max
  const line = (pick: (p: DayPoint) => number) =>
    points.map((p, i) => `${PAD + i * step},${y(pick(p))}`).join(" ")
  return (
    <svg viewBox={`0 0 ${WIDTH} ${FLOW_HEIGHT}`} width="100%" role="img" aria-label={title}>
      <line x1={PAD} x2={WIDTH - PAD} y1={y(0)} y2={y(0)} stroke={vars.color.text} strokeOpacity={0.3} />
      <text x={0} y={y(max) + 4} fill={vars.color.text} fontSize="12">
        {max}
      </text>
      <polyline points={line((p) => p.received)} fill="none" stroke={vars.color.accent} strokeWidth={2} />
      <polyline
        points={line((p) => p.decided)}
        fill="none"
        stroke={vars.color.text}
        strokeWidth={2}
        strokeDasharray="5 4"
      />
      <text x={PAD} y={FLOW_HEIGHT - 6} fill={vars.color.text} fontSize="12">
        {points[0]?.day ?? ""} — solid: received, dashed: decided — {points.at(-1)?.day ?? ""}
      </text>
    </svg>
  )
}
