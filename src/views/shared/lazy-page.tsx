import { Component, type ComponentType, lazy, type ReactNode, Suspense, useReducer } from "react"
import { CHUNK_LOAD_TIMEOUT_MS } from "../../constants"
import { loadChunk } from "../../effects/load-chunk"
import { LoadingScreen } from "./Spinner"
import * as ui from "./ui.css"

interface BoundaryProps {
  children: ReactNode
  onRetry: () => void
}

class ChunkBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override render() {
    if (!this.state.failed) return this.props.children
    return (
      <div className={ui.centered} role="alert">
        <p>This page could not be loaded. Check your connection and try again.</p>
        <button
          type="button"
          className={ui.button.primary}
          onClick={() => {
            this.props.onRetry()
            this.setState({ failed: false })
          }}
        >
          Retry
        </button>
      </div>
    )
  }
}

/**
 * A page behind sign-in, loaded as its own chunk. A chunk that fails or has not arrived within
 * the timeout shows an error with a retry instead of a blank page. Once the chunk is here (asked for ahead by
 * `preload`, or by an earlier render), the page renders at once: suspending anyway would show the spinner and
 * then hold the page back for React's fallback throttle (300 ms), which was most of a reload's time to the
 * dashboard's largest paint.
 */
export function lazyPage<
  P extends object,
  M extends { default: ComponentType<P> } = { default: ComponentType<P> },
>(load: () => Promise<M>): ComponentType<P> & { readonly preload: () => Promise<M | undefined> } {
  let loaded: ComponentType<P> | null = null
  const fetchChunk = () =>
    load().then((module) => {
      loaded = module.default
      return module
    })
  const make = () => lazy(() => loadChunk(fetchChunk, CHUNK_LOAD_TIMEOUT_MS))
  let Current = make()
  // biome-ignore lint/correctness/noComponentHookFactories: built once per route at module load, never per render
  function LazyPage(props: P) {
    const [, bump] = useReducer((n: number) => n + 1, 0)
    const Page = loaded ?? Current
    return (
      <ChunkBoundary
        onRetry={() => {
          Current = make()
          bump()
        }}
      >
        <Suspense fallback={<LoadingScreen />}>
          <Page {...props} />
        </Suspense>
      </ChunkBoundary>
    )
  }
  // Asks for the chunk ahead of the first render (a reload of this page); a failure is left to the render,
  // which shows its retry.
  return Object.assign(LazyPage, { preload: () => fetchChunk().catch(() => undefined) })
}
