import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join, resolve, sep } from "node:path"
import { pathToFileURL } from "node:url"
import type { AnyStateMachine } from "xstate"
import { isStateMachine, machineTotals } from "./coverage-graph"

// The coverage gate: every machine defined in src/machines against what the path tests recorded
// (coverage.ts). A machine passes only with every state and every transition taken; one that no path test
// replayed fails as such, so a machine added without path tests cannot slip through.

export interface FoundMachine {
  readonly id: string
  /** The file (relative to the machines folder) and export that define it. */
  readonly where: string
  readonly machine: AnyStateMachine
}

/** Every state machine exported by a module of `dir` (callback and promise logic are not machines). */
export async function discoverMachines(dir: string): Promise<FoundMachine[]> {
  const found: FoundMachine[] = []
  // Machines live in feature folders (src/machines/<feature>/), so the search goes down the tree.
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((f) => f.split(sep).join("/"))
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".d.ts"))
    .sort()
  for (const file of files) {
    const mod: Record<string, unknown> = await import(pathToFileURL(resolve(dir, file)).href)
    const before = found.length
    for (const [name, value] of Object.entries(mod)) {
      if (!isStateMachine(value) || found.some((m) => m.machine === value)) continue
      const clash = found.find((m) => m.id === value.id)
      if (clash)
        throw new Error(`Two machines share the id "${value.id}": ${clash.where} and ${file} ${name}`)
      found.push({ id: value.id, where: `${file} ${name}`, machine: value })
    }
    // A machine no module exports cannot be replayed by any path test, so it could never be covered.
    if (found.length === before && /\bcreateMachine\s*\(/.test(readFileSync(resolve(dir, file), "utf8")))
      throw new Error(
        `${file} creates a machine but exports none: export it so that path tests can replay it`,
      )
  }
  return found
}

export interface Recorded {
  readonly states: ReadonlySet<string>
  readonly transitions: ReadonlySet<string>
}

/** Merges what every test file wrote into `dir`, by machine id. */
export function readRecorded(dir: string): Map<string, Recorded> {
  const merged = new Map<string, { states: Set<string>; transitions: Set<string> }>()
  if (!existsSync(dir)) return merged
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
    const data = JSON.parse(readFileSync(join(dir, file), "utf8")) as Record<
      string,
      { states: string[]; transitions: string[] }
    >
    for (const [id, r] of Object.entries(data)) {
      const into = merged.get(id) ?? { states: new Set<string>(), transitions: new Set<string>() }
      for (const s of r.states) into.states.add(s)
      for (const t of r.transitions) into.transitions.add(t)
      merged.set(id, into)
    }
  }
  return merged
}

export interface Tally {
  readonly covered: number
  readonly total: number
  readonly missing: ReadonlyArray<string>
}

export interface MachineCoverage {
  readonly id: string
  readonly where: string
  /** False when no path test replayed this machine at all. */
  readonly hasPathTests: boolean
  readonly states: Tally
  readonly transitions: Tally
  readonly complete: boolean
}

const tally = (all: ReadonlyArray<string>, seen: ReadonlySet<string> | undefined): Tally => {
  const missing = all.filter((k) => !seen?.has(k))
  return { covered: all.length - missing.length, total: all.length, missing }
}

/** Each machine's totals, from its definition, against what was recorded for its id. */
export function compareCoverage(
  machines: ReadonlyArray<Pick<FoundMachine, "id" | "where" | "machine">>,
  recorded: ReadonlyMap<string, Recorded>,
): MachineCoverage[] {
  return machines.map(({ id, where, machine }) => {
    const totals = machineTotals(machine)
    const seen = recorded.get(id)
    const states = tally(totals.states, seen?.states)
    const transitions = tally(totals.transitions, seen?.transitions)
    const hasPathTests = seen !== undefined
    return {
      id,
      where,
      hasPathTests,
      states,
      transitions,
      complete: hasPathTests && states.missing.length === 0 && transitions.missing.length === 0,
    }
  })
}

const cell = (t: Tally) => `${t.covered}/${t.total}`.padStart(7)
const pct = (covered: number, total: number) =>
  total === 0 ? "100%" : `${Math.floor((100 * covered) / total)}%`

/** The table `npm run test:model` prints, then what each incomplete machine is missing. */
export function formatCoverage(results: ReadonlyArray<MachineCoverage>): string {
  const width = Math.max(8, ...results.map((r) => r.id.length))
  const lines = [`${"machine".padEnd(width)}   states   transitions`]
  for (const r of results) {
    const mark = r.complete ? "✓" : "✗"
    const note = r.hasPathTests ? "" : "   no path tests"
    lines.push(`${r.id.padEnd(width)}  ${cell(r.states)}     ${cell(r.transitions)}   ${mark}${note}`)
  }
  const sum = (pick: (r: MachineCoverage) => Tally) =>
    results.reduce((acc, r) => ({ c: acc.c + pick(r).covered, t: acc.t + pick(r).total }), { c: 0, t: 0 })
  const s = sum((r) => r.states)
  const t = sum((r) => r.transitions)
  lines.push(
    `${results.length} machines: states ${s.c}/${s.t} (${pct(s.c, s.t)}), transitions ${t.c}/${t.t} (${pct(t.c, t.t)})`,
  )
  for (const r of results.filter((x) => !x.complete)) {
    lines.push("", `✗ ${r.id} (${r.where})`)
    if (!r.hasPathTests)
      lines.push("  no path tests: replay its paths with recordedActor (test/model/coverage.ts)")
    for (const k of r.states.missing) lines.push(`  state never entered: ${k}`)
    for (const k of r.transitions.missing) lines.push(`  transition never taken: ${k}`)
  }
  return lines.join("\n")
}
