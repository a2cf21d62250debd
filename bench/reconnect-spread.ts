// `npm run bench:reconnect-spread [-- --tabs 1000]`: when an instance dies, every tab it served loses its
// socket at the same instant. This runs the client's real delay functions (src/machines/live/socket-delays.ts)
// for that many simulated tabs, with the server away for the whole run, and prints when their attempts land:
// the first attempts slot by slot (their bound is the rule's first delay, 1 s), then every quick attempt and the
// first slow one second by second, each with the largest share of any slot, against the same tabs without
// jitter, which all knock in the same instant.
import { parseArgs } from "node:util"
import { SOCKET, socketBackoffMs } from "../src/constants"
import { reconnectDelayMs, slowRetryDelayMs } from "../src/machines/live/socket-delays"

const { values } = parseArgs({ options: { tabs: { type: "string", default: "1000" } } })
const tabs = Number(values.tabs)

/** Every attempt one tab makes, in ms after the instance died: the quick ones, then the first slow one. */
function attemptsOf(delay: (attempt: number) => number, slow: () => number): number[] {
  const at: number[] = []
  let t = 0
  for (let attempt = 1; attempt <= SOCKET.maxReconnectAttempts; attempt++) {
    t += delay(attempt)
    at.push(t)
  }
  at.push(t + slow())
  return at
}

function histogram(times: ReadonlyArray<number>, slotMs: number) {
  const slots = new Map<number, number>()
  for (const t of times) slots.set(Math.floor(t / slotMs), (slots.get(Math.floor(t / slotMs)) ?? 0) + 1)
  return { slots, largest: Math.max(...slots.values()) }
}

const percent = (n: number) => `${((100 * n) / tabs).toFixed(1)} %`

/** Prints the slots (all of them, or only the busiest) and returns the busiest one's count of attempts. */
function print(title: string, times: ReadonlyArray<number>, slotMs: number, unit: string, top?: number) {
  const { slots, largest } = histogram(times, slotMs)
  console.log(`\n${title}`)
  const rows = [...slots.entries()].sort(([a, x], [b, y]) => (top ? y - x : a - b)).slice(0, top)
  for (const [slot, count] of rows)
    console.log(
      `  ${String(slot).padStart(3)} ${unit}  ${String(count).padStart(5)}  ${"#".repeat(Math.round((60 * count) / largest))}`,
    )
  if (top) console.log(`  (the ${top} busiest of ${slots.size} slots)`)
  console.log(`  busiest slot: ${largest} attempts, ${percent(largest)} of the tabs`)
  return largest
}

const jittered = Array.from({ length: tabs }, () =>
  attemptsOf(
    (attempt) => reconnectDelayMs(attempt, Math.random),
    () => slowRetryDelayMs(SOCKET.slowRetryMs, Math.random),
  ),
)
const fixed = Array.from({ length: tabs }, () => attemptsOf(socketBackoffMs, () => SOCKET.slowRetryMs))

console.log(`${tabs} tabs lose their socket at the same instant; the server stays away.`)
const first = print(
  "First attempts, per 100 ms (their bound is 1 s):",
  jittered.map((a) => a[0] ?? 0),
  100,
  "x100ms",
)
const firstSecond = histogram(
  jittered.map((a) => a[0] ?? 0),
  1000,
).largest
const all = print(
  `Every attempt (${SOCKET.maxReconnectAttempts} quick, then the first slow one), per second:`,
  jittered.flat(),
  1000,
  "s",
  8,
)
const fixedAll = histogram(fixed.flat(), 100).largest
console.log(
  `\nWithout jitter: all ${tabs} tabs knock in the same 100 ms, ${SOCKET.maxReconnectAttempts + 1} times (busiest slot ${percent(fixedAll)}).`,
)
console.log(
  `Summary: first attempts, busiest 100 ms ${percent(first)} and busiest second ${percent(firstSecond)} of the tabs` +
    ` (the first bound is 1 s); every attempt, busiest second ${percent(all)} of the tabs.`,
)
