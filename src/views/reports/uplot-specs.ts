import uPlot from "uplot"
import { shortLabel } from "./report-words"

// What each /reports chart asks uPlot to draw, for a width and the theme's colours: pure, so a unit test reads
// the options the page gives the library. The figures are the table's; the chart adds no rule of its own.

/** The theme's colours as canvas colours (a canvas cannot read CSS variables), and the page's font. */
export interface ChartLook {
  readonly accent: string
  readonly text: string
  readonly muted: string
  readonly grid: string
  readonly font: string
}

/** uPlot's options and figures for one chart at one width. */
export interface ChartSpec {
  readonly options: uPlot.Options
  readonly data: uPlot.AlignedData
}

/** How one chart turns its figures into a spec. */
export type SpecOf<F> = (figures: F, look: ChartLook, width: number) => ChartSpec

export interface Bar {
  readonly label: string
  readonly value: number
  readonly text: string
}

export interface DayPoint {
  readonly day: string
  readonly received: number
  readonly decided: number
}

// The charts' geometry in CSS pixels. Kept here rather than in src/constants.ts: the entry holds that module,
// and what the reports chunk imports from it stays in every page's bundle, the sign-in page's included.
const REPORT_CHART = {
  flowHeightPx: 220,
  barRowPx: 30,
  fontPx: 12,
  /** The bar charts' label column: this share of the chart's width, at most labelMaxPx. */
  labelShare: 0.4,
  labelMaxPx: 170,
  /** Between a label or a figure and its bar. */
  figureGapPx: 6,
  /** Room right of the longest bar for its figure ("120.5 h"). */
  valueRoomPx: 64,
} as const

const axisFont = (look: ChartLook) => `${REPORT_CHART.fontPx}px ${look.font}`

// No cursor, selection or legend: they answer the mouse only, and the table beside each chart holds its figures.
const still = { cursor: { show: false }, select: { show: false, left: 0, top: 0, width: 0, height: 0 } }

/** `text` cut with an ellipsis to fit `px` CSS pixels in the axis font (the table has it whole). */
function fitted(u: uPlot, text: string, px: number, font: string): string {
  const ctx = u.ctx
  ctx.save()
  ctx.font = font
  const fits = (t: string) => ctx.measureText(t).width <= px * uPlot.pxRatio
  let cut = text
  for (let n = text.length; n > 1 && !fits(cut); n--) cut = shortLabel(text, n)
  ctx.restore()
  return cut
}

/** Horizontal bars, one per label from the top, scaled to the largest value, each with its figure beside it. */
export function barSpec(bars: ReadonlyArray<Bar>, look: ChartLook, width: number): ChartSpec {
  const labelPx = Math.round(Math.min(REPORT_CHART.labelMaxPx, width * REPORT_CHART.labelShare))
  const max = Math.max(1, ...bars.map((b) => b.value))
  // The value scale reaches past the largest bar by the figure's room, so no figure is cut at the right edge.
  const plotPx = Math.max(1, width - labelPx - REPORT_CHART.valueRoomPx)
  const top = (max * (plotPx + REPORT_CHART.valueRoomPx)) / plotPx
  const font = (ratio: number) => `${REPORT_CHART.fontPx * ratio}px ${look.font}`
  // Where uPlot drew each bar (canvas pixels): its figure goes just right of it.
  const ends: Array<{ right: number; middle: number }> = []
  const drawFigures = (u: uPlot) => {
    const ctx = u.ctx
    ctx.save()
    ctx.fillStyle = look.text
    ctx.font = font(uPlot.pxRatio)
    // The axes leave the context right-aligned for their labels.
    ctx.textAlign = "left"
    ctx.textBaseline = "middle"
    bars.forEach((b, i) => {
      const end = ends[i]
      if (end) ctx.fillText(b.text, end.right + REPORT_CHART.figureGapPx * uPlot.pxRatio, end.middle)
    })
    ctx.restore()
  }
  return {
    data: [bars.map((_, i) => i), bars.map((b) => b.value)],
    options: {
      ...still,
      width,
      height: bars.length * REPORT_CHART.barRowPx + 16,
      legend: { show: false },
      padding: [8, 0, 8, 0],
      scales: {
        x: { time: false, ori: 1, dir: -1, range: [-0.5, bars.length - 0.5] },
        y: { ori: 0, range: [0, top] },
      },
      axes: [
        {
          side: 3,
          size: labelPx,
          gap: REPORT_CHART.figureGapPx,
          font: font(1),
          stroke: look.text,
          grid: { show: false },
          ticks: { show: false },
          splits: () => bars.map((_, i) => i),
          values: (u, splits) =>
            splits.map((i) =>
              fitted(u, bars[i]?.label ?? "", labelPx - 2 * REPORT_CHART.figureGapPx, font(uPlot.pxRatio)),
            ),
        },
        { show: false },
      ],
      series: [
        {},
        {
          label: "value",
          fill: look.accent,
          stroke: look.accent,
          paths: uPlot.paths.bars?.({
            size: [0.72, 24],
            radius: 0.15,
            each: (_u, _s, i, left, top, w, h) => {
              ends[i] = { right: left + w, middle: top + h / 2 }
            },
          }),
          points: { show: false },
        },
      ],
      hooks: { draw: [drawFigures] },
    },
  }
}

/** Received (solid, accent) and decided (dashed, text colour) per day; the page says which is which in words. */
export function flowSpec(points: ReadonlyArray<DayPoint>, look: ChartLook, width: number): ChartSpec {
  const day = (i: number) => points[i]?.day.slice(5) ?? ""
  return {
    data: [points.map((_, i) => i), points.map((p) => p.received), points.map((p) => p.decided)],
    options: {
      ...still,
      width,
      height: REPORT_CHART.flowHeightPx,
      legend: { show: false },
      scales: { x: { time: false }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
      axes: [
        {
          font: axisFont(look),
          stroke: look.muted,
          grid: { show: false },
          ticks: { stroke: look.grid },
          // Whole days only, at least 64 px apart: "11-25".
          incrs: [1, 2, 5, 7, 14, 30],
          space: 64,
          values: (_u, splits) => splits.map(day),
        },
        {
          font: axisFont(look),
          stroke: look.muted,
          grid: { stroke: look.grid, width: 1 },
          ticks: { show: false },
          incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000],
          size: 40,
        },
      ],
      series: [
        {},
        { label: "received", stroke: look.accent, width: 2, points: { show: false } },
        { label: "decided", stroke: look.text, width: 2, dash: [5, 4], points: { show: false } },
      ],
    },
  }
}
