import { describe, expect, it } from "vitest"
import { barSpec, type ChartLook, flowSpec } from "../../src/views/reports/uplot-specs"

// What /reports asks uPlot to draw: the figures of the table beside each chart, in the theme's colours, and
// nothing that answers only the mouse.

const LIGHT: ChartLook = {
  accent: "#1d5fd1",
  text: "#17202b",
  muted: "#4d5866",
  grid: "#d9dde3",
  font: "system-ui",
}
const DARK: ChartLook = {
  accent: "#7fb0ff",
  text: "#e8edf2",
  muted: "#a8b3bf",
  grid: "#2c3744",
  font: "system-ui",
}

const BARS = [
  { label: "Company applications", value: 129600, text: "36.0 h" },
  { label: "Work requests", value: 102600, text: "28.5 h" },
]
const DAYS = [
  { day: "2026-11-24", received: 4, decided: 3 },
  { day: "2026-11-25", received: 0, decided: 5 },
]

describe("the reports' chart options", () => {
  it("draws one horizontal bar per row, top to bottom, with the figures of the table", () => {
    const { data, options } = barSpec(BARS, LIGHT, 320)
    expect(data).toEqual([
      [0, 1],
      [129600, 102600],
    ])
    expect(options.scales?.x).toMatchObject({ ori: 1, dir: -1 })
    expect(options.width).toBe(320)
    // The value scale reaches past the largest bar: its figure has room at the right.
    const range = options.scales?.y?.range
    expect(Array.isArray(range) && (range[1] ?? 0) > 129600).toBe(true)
  })

  it("draws received and decided per day as two lines, decided dashed", () => {
    const { data, options } = flowSpec(DAYS, LIGHT, 900)
    expect(data).toEqual([
      [0, 1],
      [4, 0],
      [3, 5],
    ])
    expect(options.series.slice(1).map((s) => [s.label, s.stroke, s.dash])).toEqual([
      ["received", LIGHT.accent, undefined],
      ["decided", LIGHT.text, [5, 4]],
    ])
  })

  it("takes its colours from the theme it is given", () => {
    for (const look of [LIGHT, DARK]) {
      expect(barSpec(BARS, look, 600).options.series[1]).toMatchObject({
        fill: look.accent,
        stroke: look.accent,
      })
      expect(flowSpec(DAYS, look, 600).options.axes?.[1]?.grid).toMatchObject({ stroke: look.grid })
    }
  })

  it("has no cursor, selection or legend: the table beside it holds the figures", () => {
    for (const { options } of [barSpec(BARS, LIGHT, 600), flowSpec(DAYS, LIGHT, 600)]) {
      expect([options.cursor?.show, options.select?.show, options.legend?.show]).toEqual([
        false,
        false,
        false,
      ])
    }
  })
})
