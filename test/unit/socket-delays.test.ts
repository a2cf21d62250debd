import { describe, expect, it } from "vitest"
import { SOCKET } from "../../src/constants"
import {
  RECONNECT_BOUNDS_MS,
  reconnectDelayMs,
  slowRetryDelayMs,
} from "../../src/machines/live/socket-delays"

// The socket's waits between attempts: drawn uniformly below a bound that follows the reconnect rule (at most
// 6 attempts, 1 s doubling up to 15 s), so that the tabs of an instance that died do not knock again together.

const lowest = () => 0
const highest = () => 1 - Number.EPSILON

describe("socket reconnect delays", () => {
  it("bounds each quick attempt by 1 s doubling, capped at 15 s, for at most 6 attempts", () => {
    expect(RECONNECT_BOUNDS_MS).toEqual([1000, 2000, 4000, 8000, 15_000, 15_000])
    expect(RECONNECT_BOUNDS_MS).toHaveLength(SOCKET.maxReconnectAttempts)
  })

  it("draws a quick wait anywhere from nothing up to its attempt's bound", () => {
    RECONNECT_BOUNDS_MS.forEach((bound, i) => {
      expect(reconnectDelayMs(i + 1, lowest)).toBe(0)
      expect(reconnectDelayMs(i + 1, highest)).toBe(bound)
      expect(reconnectDelayMs(i + 1, () => 0.5)).toBe(Math.floor(0.5 * (bound + 1)))
    })
  })

  it("draws the slow retry anywhere from nothing up to its configured interval", () => {
    expect(slowRetryDelayMs(SOCKET.slowRetryMs, lowest)).toBe(0)
    expect(slowRetryDelayMs(SOCKET.slowRetryMs, highest)).toBe(SOCKET.slowRetryMs)
    expect(slowRetryDelayMs(2000, () => 0.25)).toBe(500)
  })

  it("spreads many tabs' first attempts across the whole bound", () => {
    let seed = 1
    // A small deterministic generator (a Lehmer sequence), so the test is the same on every run.
    const random = () => {
      seed = (seed * 48_271) % 2_147_483_647
      return seed / 2_147_483_647
    }
    const delays = Array.from({ length: 1000 }, () => reconnectDelayMs(1, random))
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(0)
    expect(Math.max(...delays)).toBeLessThanOrEqual(RECONNECT_BOUNDS_MS[0] ?? 0)
    const firstHalf = delays.filter((d) => d < 500).length
    expect(firstHalf).toBeGreaterThan(400)
    expect(firstHalf).toBeLessThan(600)
  })
})
