// @vitest-environment happy-dom
// A lazily loaded page whose chunk is already here renders in the same render, and one already asked for is
// waited for with the spinner and then shown, neither through Suspense (whose fallback would hold the page
// back for React's reveal throttle). A chunk that fails still ends in the retry.
import { act, render, screen } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import { lazyPage } from "../../src/views/shared/lazy-page"

function heldChunk() {
  let resolve: () => void = () => undefined
  let reject: (error: Error) => void = () => undefined
  const chunk = new Promise<{ default: () => React.JSX.Element }>((ok, fail) => {
    resolve = () => ok({ default: () => <p>The page</p> })
    reject = fail
  })
  let calls = 0
  return {
    load: () => {
      calls += 1
      return chunk
    },
    resolve,
    reject,
    calls: () => calls,
  }
}

const flush = () =>
  act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve()
  })

afterEach(() => document.body.replaceChildren())

describe("lazyPage render", () => {
  it("renders a chunk that has arrived in the first render, without a spinner", async () => {
    const chunk = heldChunk()
    const Page = lazyPage(chunk.load)
    const preloaded = Page.preload()
    chunk.resolve()
    await preloaded
    render(<Page />)
    expect(screen.getByText("The page")).toBeTruthy()
    expect(screen.queryByText("Loading...")).toBeNull()
    expect(chunk.calls()).toBe(1)
  })

  it("waits for a chunk in flight with the spinner, then shows the page, loading it once", async () => {
    const chunk = heldChunk()
    const Page = lazyPage(chunk.load)
    void Page.preload()
    render(<Page />)
    expect(screen.getByText("Loading...")).toBeTruthy()
    chunk.resolve()
    await flush()
    expect(screen.getByText("The page")).toBeTruthy()
    expect(chunk.calls()).toBe(1)
  })

  it("asks again once after a preload that failed, and offers the retry when that fails too", async () => {
    const first = heldChunk()
    const Page = lazyPage(first.load)
    void Page.preload()
    render(<Page />)
    first.reject(new Error("chunk gone"))
    await flush()
    await flush()
    expect(first.calls()).toBe(2)
    expect(await screen.findByRole("alert")).toBeTruthy()
    expect(screen.getByRole("button", { name: "Retry" })).toBeTruthy()
  })
})
