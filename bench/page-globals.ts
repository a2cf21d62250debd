// What the browser benches put on a page's window from their init scripts and read back, declared so that
// both sides are typed. Optional: a page has them only where a bench's init script ran.

declare global {
  interface Window {
    /** The durations of the long tasks the page observed (bench/list-scroll.ts, bench/browser-storm.ts). */
    __longTasks?: number[]
    /**
     * When the watched element last changed, stamped by the page (bench/record-latency.ts, live-latency.ts), and
     * how many declined offers it then showed (bench/offer-latency.ts).
     */
    __stamps?: ReadonlyArray<{ readonly at: number; readonly declined?: number }>
    /** When the stamp after the first `n` is taken, without polling (bench/live-latency.ts). */
    __stampAfter?: (n: number) => Promise<number>
  }
}

export {}
