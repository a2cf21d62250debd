import { useEffect, useRef } from "react"
import uPlot from "uplot"
import "uplot/dist/uPlot.min.css"
import { vars } from "../shell/theme.css"
import type { ChartLook, SpecOf } from "./uplot-specs"

// The one place the /reports charts touch the DOM: uPlot draws into the box, again whenever the box changes
// width (375 to 1280 px and anything between) or the theme changes. A canvas cannot use CSS variables, so the
// theme's colours are read from the page once <html data-theme> has changed (src/views/shell/use-applied-theme.ts):
// watching the attribute rather than the preferences' actor keeps the chart in step with what is on screen, and
// keeps the entry chunk, which holds that actor's hooks, as it was.

const cssVariable = (ref: string): string => /^var\((--[^,)]+)/.exec(ref)?.[1] ?? ref

function readLook(box: HTMLElement): ChartLook {
  const style = getComputedStyle(box)
  const read = (ref: string) => style.getPropertyValue(cssVariable(ref)).trim()
  return {
    accent: read(vars.color.accent),
    text: read(vars.color.text),
    muted: read(vars.color.textMuted),
    grid: read(vars.color.border),
    font: read(vars.font.body),
  }
}

/**
 * Draws `spec(figures, look, width)` with uPlot in the returned ref's element. The element tells what was drawn, for tests and for anyone inspecting the page:
 * `data-figures` holds uPlot's own series (JSON) and `data-stroke` the first series' colour, as uPlot holds it.
 */
export function useUplot<F>(figures: F, spec: SpecOf<F>) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const box = ref.current
    if (box === null) return
    let plot: uPlot | null = null
    let drawn = { width: 0, theme: "" }
    const draw = () => {
      const width = Math.floor(box.clientWidth)
      const theme = document.documentElement.dataset.theme ?? ""
      if (width === 0 || (width === drawn.width && theme === drawn.theme)) return
      drawn = { width, theme }
      const look = readLook(box)
      const { options, data } = spec(figures, look, width)
      plot?.destroy()
      plot = new uPlot(options, data, box)
      box.dataset.figures = JSON.stringify(plot.data.slice(1))
      // uPlot keeps each series' stroke as a function of the plot once it has drawn.
      const stroke = plot.series[1]?.stroke
      box.dataset.stroke = String(typeof stroke === "function" ? stroke(plot, 1) : stroke)
    }
    draw()
    // Only the width matters: the chart sets the box's height itself.
    const resized = new ResizeObserver(draw)
    resized.observe(box)
    const themed = new MutationObserver(draw)
    themed.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] })
    return () => {
      resized.disconnect()
      themed.disconnect()
      plot?.destroy()
    }
  }, [figures, spec])
  return ref
}
