// Sequencing rounds: every commit is followed by a round that starts after it, and commits that come while a
// round runs share the next one instead of each running their own.
import type { DatabaseConnection } from "kysely"
import { describe, expect, it } from "vitest"
import { sequencingRounds } from "../../../server/live/sequencing-rounds"

/** A connection that only names itself: the rounds never query in this test. */
const connection = (name: string): DatabaseConnection => ({
  executeQuery: () => Promise.reject(new Error(`${name} is not queried here`)),
  streamQuery: () => {
    throw new Error(`${name} is not queried here`)
  },
})

/** Rounds finished by hand; each remembers the connection it ran on. */
function controlledRounds() {
  const started: Array<{ on: DatabaseConnection; finish: () => void }> = []
  const sequenced = sequencingRounds(
    (on) => new Promise<void>((resolve) => started.push({ on, finish: resolve })),
  )
  const settle = async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve()
  }
  return { started, sequenced, settle }
}

describe("sequencing rounds", () => {
  it("starts a round at once when none runs, on the committing connection", async () => {
    const { started, sequenced, settle } = controlledRounds()
    const a = connection("a")
    let done = false
    void sequenced(a).then(() => {
      done = true
    })
    expect(started.map((r) => r.on)).toEqual([a])
    started[0]?.finish()
    await settle()
    expect(done).toBe(true)
  })

  it("lets commits that come during a round share one next round, started once that round is over", async () => {
    const { started, sequenced, settle } = controlledRounds()
    const [a, b, c] = [connection("a"), connection("b"), connection("c")]
    const finished: string[] = []
    void sequenced(a).then(() => finished.push("a"))
    void sequenced(b).then(() => finished.push("b"))
    void sequenced(c).then(() => finished.push("c"))
    await settle()
    // b and c committed after a's round started, which may not see them: they wait for the next one.
    expect(started).toHaveLength(1)
    started[0]?.finish()
    await settle()
    expect(finished).toEqual(["a"])
    expect(started.map((r) => r.on)).toEqual([a, b])
    started[1]?.finish()
    await settle()
    expect(finished).toEqual(["a", "b", "c"])
  })

  it("gives a commit that comes after the next round started another round", async () => {
    const { started, sequenced, settle } = controlledRounds()
    const [a, b, c] = [connection("a"), connection("b"), connection("c")]
    void sequenced(a)
    void sequenced(b)
    started[0]?.finish()
    await settle()
    expect(started).toHaveLength(2)
    let cDone = false
    void sequenced(c).then(() => {
      cDone = true
    })
    started[1]?.finish()
    await settle()
    expect(cDone).toBe(false)
    expect(started.map((r) => r.on)).toEqual([a, b, c])
    started[2]?.finish()
    await settle()
    expect(cDone).toBe(true)
  })
})
