// `npm run bench:first-click-profile`: where the first click's time goes, for one of bench/first-click.ts's clicks
// (--target list, detail or inbox; the same visit and waits). One signed-in run per repetition, the CPU slowed
// as asked, then:
//   requests  every request the page made from the click until it showed, with its start and end against the
//             click (ms), so that requests made one after another show as such;
//   timeline  the main thread's work in that window by kind (script, style and layout, paint, GC), from a
//             Chromium trace (CDP Tracing);
//   script    the JavaScript self time by original source file and function, from a CPU profile (CDP Profiler)
//             mapped through the build's source maps.
// Usage: npm run bench:first-click-profile [-- --target list --rate 4 --runs 3] (needs `npm run build`; STATIC_DIR serves
// another build).
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import type { CDPSession } from "playwright-core"
import { SourceMapConsumer } from "source-map-js"
import { launchBrowser, newPage } from "../test/e2e/browser"
import { startServerProcess } from "../test/e2e/server-process"
import { TARGETS, type Target, visit } from "./first-click-steps"

const option = (name: string): string | undefined => {
  const at = process.argv.indexOf(name)
  return at > 0 ? process.argv[at + 1] : undefined
}
const RATE = Number(option("--rate") ?? 4) || 4
const RUNS = Math.max(1, Number(option("--runs") ?? 3) || 3)
const STATIC_DIR = process.env.STATIC_DIR ?? "dist"
const TARGET: Target = TARGETS.find((t) => t === option("--target")) ?? "list"

interface TraceEvent {
  readonly name: string
  readonly ph: string
  readonly ts: number
  readonly dur?: number
  readonly tid: number
  readonly pid: number
}

async function collectTrace(cdp: CDPSession): Promise<TraceEvent[]> {
  const events: TraceEvent[] = []
  cdp.on("Tracing.dataCollected", (e) => {
    for (const v of e.value as ReadonlyArray<Record<string, unknown>>)
      events.push({
        name: String(v.name),
        ph: String(v.ph),
        ts: Number(v.ts),
        ...(v.dur === undefined ? {} : { dur: Number(v.dur) }),
        tid: Number(v.tid),
        pid: Number(v.pid),
      })
  })
  const done = new Promise<void>((resolve) => cdp.once("Tracing.tracingComplete", () => resolve()))
  await cdp.send("Tracing.end")
  await done
  return events
}

/** The main thread's top-level work by kind, in the window (µs of trace time). */
function timeline(events: TraceEvent[], fromUs: number, toUs: number): Record<string, number> {
  // The renderer's main thread: the one running the most FunctionCall events.
  const byThread = new Map<string, number>()
  for (const e of events)
    if (e.name === "FunctionCall" || e.name === "EvaluateScript") {
      const k = `${e.pid}:${e.tid}`
      byThread.set(k, (byThread.get(k) ?? 0) + (e.dur ?? 0))
    }
  const thread = [...byThread.entries()].sort((a, b) => b[1] - a[1])[0]?.[0]
  const kinds: Record<string, string> = {
    FunctionCall: "script",
    EvaluateScript: "script",
    "v8.evaluateModule": "script",
    TimerFire: "script",
    EventDispatch: "script",
    FireAnimationFrame: "script",
    RunMicrotasks: "script",
    "v8.run": "script",
    ParseHTML: "parse",
    UpdateLayoutTree: "style",
    Layout: "layout",
    PrePaint: "paint",
    Paint: "paint",
    Layerize: "paint",
    UpdateLayer: "paint",
    Commit: "paint",
    MinorGC: "gc",
    MajorGC: "gc",
    "V8.GC_SCAVENGER": "gc",
    "v8.compile": "compile",
    "v8.compileModule": "compile",
    "V8.CompileCode": "compile",
    ResourceReceiveResponse: "network",
  }
  const out: Record<string, number> = {}
  let task = 0
  for (const e of events) {
    if (`${e.pid}:${e.tid}` !== thread || e.ph !== "X" || e.ts < fromUs || e.ts > toUs) continue
    if (e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask") task += e.dur ?? 0
    const kind = kinds[e.name]
    if (kind) out[`${kind} ${e.name}`] = (out[`${kind} ${e.name}`] ?? 0) + (e.dur ?? 0)
  }
  out["(all tasks)"] = task
  return out
}

const LONG_TASK_US = 20_000

/** The main thread's tasks longer than 2 ms, from the click (ms), each with its longest kinds of work. */
function tasks(events: TraceEvent[], clickUs: number, toUs: number, profile: Profile): string[] {
  const thread = mainThread(events)
  const inThread = events.filter(
    (e) => `${e.pid}:${e.tid}` === thread && e.ph === "X" && e.ts + (e.dur ?? 0) >= clickUs && e.ts <= toUs,
  )
  const runs = inThread.filter((e) => e.name === "RunTask" && (e.dur ?? 0) > 2000)
  return runs.map((t) => {
    const inside = inThread.filter(
      (e) => e !== t && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + (t.dur ?? 0) && (e.dur ?? 0) > 1000,
    )
    const names = [...new Set(inside.map((e) => e.name))].slice(0, 6).join(", ")
    const line = `${((t.ts - clickUs) / 1000).toFixed(0).padStart(5)} +${((t.dur ?? 0) / 1000).toFixed(1).padStart(6)}  ${names}`
    if ((t.dur ?? 0) < LONG_TASK_US) return line
    // A long task's own top app functions (inclusive) and functions (self), to tell the tasks apart.
    const own = selfTimes(profile, t.ts, t.ts + (t.dur ?? 0))
    const top = (lines: string[]) => lines.slice(0, 8).map((l) => `\n          ${l}`)
    return [line, ...top(own.inclusive), "\n          · self:", ...top(own.fns)].join("")
  })
}

function mainThread(events: TraceEvent[]): string | undefined {
  const byThread = new Map<string, number>()
  for (const e of events)
    if (e.name === "FunctionCall" || e.name === "EvaluateScript") {
      const k = `${e.pid}:${e.tid}`
      byThread.set(k, (byThread.get(k) ?? 0) + (e.dur ?? 0))
    }
  return [...byThread.entries()].sort((a, b) => b[1] - a[1])[0]?.[0]
}

interface ProfileNode {
  readonly id: number
  readonly children?: ReadonlyArray<number>
  readonly callFrame: {
    readonly functionName: string
    readonly url: string
    readonly lineNumber: number
    readonly columnNumber: number
  }
}
interface Profile {
  readonly nodes: ReadonlyArray<ProfileNode>
  readonly startTime: number
  readonly samples?: ReadonlyArray<number>
  readonly timeDeltas?: ReadonlyArray<number>
}

const maps = new Map<string, SourceMapConsumer | null>()
function mapOf(url: string): SourceMapConsumer | null {
  if (maps.has(url)) return maps.get(url) ?? null
  const file = join(STATIC_DIR, `${new URL(url).pathname}.map`)
  const map = existsSync(file) ? new SourceMapConsumer(JSON.parse(readFileSync(file, "utf8"))) : null
  maps.set(url, map)
  return map
}

/** A call frame named by its original source and function. */
function original(frame: ProfileNode["callFrame"]): { file: string; fn: string } {
  if (!frame.url.startsWith("http"))
    return { file: frame.url || "(native)", fn: frame.functionName || "(anonymous)" }
  const map = mapOf(frame.url)
  const pos =
    frame.lineNumber >= 0
      ? map?.originalPositionFor({ line: frame.lineNumber + 1, column: Math.max(0, frame.columnNumber) })
      : undefined
  const file = (pos?.source ?? new URL(frame.url).pathname)
    .replace(/^(\.\.\/)+/, "")
    .replace(/^node_modules\//, "~/")
  return {
    file,
    fn: `${pos?.name ?? frame.functionName ?? "(anonymous)"}:${pos?.line ?? frame.lineNumber + 1}`,
  }
}

/** Self time (ms) by file and by function, of the samples in the window (page-clock µs via profile start). */
function selfTimes(profile: Profile, fromUs: number, toUs: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const files = new Map<string, number>()
  const fns = new Map<string, number>()
  // Inclusive time of the app's own functions (src/): each sample counts once for every one on its stack.
  const parent = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const inclusive = new Map<string, number>()
  let t = profile.startTime
  const samples = profile.samples ?? []
  const deltas = profile.timeDeltas ?? []
  for (let i = 0; i < samples.length; i++) {
    t += deltas[i] ?? 0
    if (t < fromUs || t > toUs) continue
    const node = byId.get(samples[i] ?? -1)
    if (!node) continue
    const dt = (deltas[i + 1] ?? 0) / 1000
    const { file, fn } = original(node.callFrame)
    files.set(file, (files.get(file) ?? 0) + dt)
    const key = `${file} ${fn}`
    fns.set(key, (fns.get(key) ?? 0) + dt)
    const onStack = new Set<string>()
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const frame = byId.get(id)?.callFrame
      if (!frame) break
      const o = original(frame)
      if (o.file.startsWith("src/")) onStack.add(`${o.file} ${o.fn}`)
    }
    for (const k of onStack) inclusive.set(k, (inclusive.get(k) ?? 0) + dt)
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `${v.toFixed(1).padStart(7)}  ${k}`)
  return { files: top(files, 25), fns: top(fns, 30), inclusive: top(inclusive, 40) }
}

const server = await startServerProcess()
const browser = await launchBrowser()
try {
  for (let run = 0; run < RUNS; run++) {
    const { context, page } = await newPage(browser)
    const cdp = await context.newCDPSession(page)
    const captured: { profile?: Profile; events: TraceEvent[] } = { events: [] }
    const clicked = await visit(context, page, server.url, RATE, async (target, click) => {
      if (target !== TARGET) return click()
      await cdp.send("Profiler.enable")
      await cdp.send("Profiler.setSamplingInterval", { interval: 200 })
      await cdp.send("Tracing.start", {
        categories: "devtools.timeline,disabled-by-default-devtools.timeline,v8,v8.execute,blink.user_timing",
        transferMode: "ReportEvents",
      })
      await cdp.send("Profiler.start")
      const result = await click()
      captured.profile = (await cdp.send("Profiler.stop")).profile
      captured.events = await collectTrace(cdp)
      return result
    })
    const { ms, requests } = clicked[TARGET]
    const { profile, events } = captured
    if (!profile) throw new Error(`no profile of ${TARGET}`)
    // The window: from the click (the page's mark in the trace; the trace and the profile share one clock)
    // for as long as it took.
    const mark = events.find((e) => e.name === "first-click")
    const fromUs = mark?.ts ?? profile.startTime
    const toUs = fromUs + ms * 1000
    console.log(`\nrun ${run + 1} at ${RATE}×: click → ${TARGET} shown ${Math.round(ms)} ms`)
    console.log("requests (ms from the click: start → end):")
    for (const r of requests)
      console.log(`  ${r.start.toFixed(0).padStart(5)} → ${r.end.toFixed(0).padStart(5)}  ${r.name}`)
    if (mark) {
      console.log("main-thread tasks over 2 ms (ms from the click, +duration):")
      for (const l of tasks(events, mark.ts, toUs, profile)) console.log(`  ${l}`)
    }
    const tl = timeline(events, fromUs, toUs)
    console.log("main thread (ms):")
    for (const [k, v] of Object.entries(tl).sort((a, b) => b[1] - a[1]))
      console.log(`  ${(v / 1000).toFixed(1).padStart(7)}  ${k}`)
    const { files, fns, inclusive } = selfTimes(profile, fromUs, toUs)
    console.log("app functions, inclusive time (ms):")
    for (const l of inclusive) console.log(`  ${l}`)
    console.log("script self time by file (ms):")
    for (const l of files) console.log(`  ${l}`)
    console.log("script self time by function (ms):")
    for (const l of fns) console.log(`  ${l}`)
    await context.close()
  }
} finally {
  await browser.close()
  await server.close()
}
