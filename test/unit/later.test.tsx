// @vitest-environment happy-dom
// A part built later: the render that mounts it commits its fallback, and a render of its own then commits it.
import { act, render, screen } from "@testing-library/react"
import { useLayoutEffect } from "react"
import { afterEach, describe, expect, it } from "vitest"
import { Later } from "../../src/views/shared/Later"

const commits: string[] = []

/** Notes each of its commits by name. */
function Probe({ name }: { name: string }) {
  useLayoutEffect(() => {
    commits.push(name)
  })
  return <p>{name}</p>
}

afterEach(() => {
  commits.length = 0
  document.body.replaceChildren()
})

describe("Later", () => {
  it("commits the fallback first, then the part, in two renders", async () => {
    await act(async () => {
      render(
        <Later fallback={<Probe name="fallback" />}>
          <Probe name="part" />
        </Later>,
      )
    })
    expect(commits).toEqual(["fallback", "part"])
    expect(screen.getByText("part")).toBeTruthy()
    expect(screen.queryByText("fallback")).toBeNull()
  })
})
