// `npm run replay -- FILE [--machine NAME]`: replays a support trace (exported from the support panel) against
// the real machines in Node, prints every step with the state reached, marks the first step where a machine's
// state differs from the recorded one, and exits 1 on a divergence (2 when the file is not a trace).
import { parseArgs } from "node:util"
import { type MachineReplay, readTrace, replayTrace, showState, TraceFileError } from "./trace-replay"

const USAGE = `Usage: npm run replay -- FILE [--machine NAME]
  FILE        a trace exported from the support panel ('Export trace')
  --machine   replay only this actor: its systemId (auth, socket, …), machine id or actor id`

const seconds = (ms: number) => `+${(ms / 1000).toFixed(3)}s`

function print(m: MachineReplay): void {
  const head = `── ${m.label} (machine ${m.actor.machine}, actor ${m.actor.id})`
  if (m.skipped) {
    console.log(`${head}: skipped, ${m.skipped}`)
    return
  }
  console.log(head)
  for (const s of m.steps) {
    const from = s.from === m.label ? "" : ` ← ${s.from}`
    const line = `  #${String(s.seq).padEnd(5)} ${seconds(s.at).padStart(9)}  ${`${s.type}${from}`.padEnd(58)} ${showState(s.actual)}`
    if (s.ok) {
      console.log(line)
      continue
    }
    console.log(`${line}   ✗ DIVERGED`)
    console.log(`         recorded: ${showState(s.expected)}`)
    console.log(`         replayed: ${showState(s.actual)}`)
    if (s.expectedFacts !== undefined && JSON.stringify(s.expectedFacts) !== JSON.stringify(s.actualFacts)) {
      console.log(`         recorded facts: ${JSON.stringify(s.expectedFacts)}`)
      console.log(`         replayed facts: ${JSON.stringify(s.actualFacts)}`)
    }
    if (s.problem) console.log(`         ${s.problem}`)
  }
}

function main(): number {
  let parsed: ReturnType<typeof parse>
  try {
    parsed = parse()
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`)
    return 2
  }
  if (parsed.values.help) {
    console.log(USAGE)
    return 0
  }
  const file = parsed.positionals[0]
  if (!file || parsed.positionals.length > 1) {
    console.error(USAGE)
    return 2
  }
  try {
    const trace = readTrace(file)
    const result = replayTrace(trace, parsed.values.machine)
    console.log(
      `Trace ${file}: app ${trace.appVersion}, started ${trace.startedAt}, user ${trace.userCategory ?? "signed out"}, ${trace.events.length} events`,
    )
    if (trace.version < 2)
      console.log("Format version 1: published facts were not recorded, so only states are compared.")
    for (const m of result.machines) print(m)
    const diverged = result.machines.filter((m) => m.divergence)
    const replayed = result.machines.filter((m) => !m.skipped).length
    if (diverged.length === 0) {
      const what = trace.version < 2 ? "every state" : "every state and published fact"
      console.log(`\n✓ ${replayed} machine actor(s) replayed; ${what} matched the recording.`)
      return 0
    }
    for (const m of diverged)
      console.log(`\n✗ ${m.label} diverged at step #${m.divergence?.seq} (${m.divergence?.type})`)
    return 1
  } catch (error) {
    if (error instanceof TraceFileError) {
      console.error(error.message)
      return 2
    }
    throw error
  }
}

function parse() {
  return parseArgs({
    options: { machine: { type: "string" }, help: { type: "boolean", default: false } },
    allowPositionals: true,
  })
}

process.exitCode = main()
