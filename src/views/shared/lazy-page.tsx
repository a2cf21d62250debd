import {
  Component,
  type ComponentType,
  lazy,
  type ReactNode,
  Suspense,
  useContext,
  useEffect,
  useReducer,
} from "react"
import { CHUNK_LOAD_TIMEOUT_MS, PART_RETRY_MS } from "../../constants"
import { loadChunk, onDemand } from "../../effects/system/load-chunk"
import { LoadFailedScreen } from "./LoadFailedScreen"
import { RetrySignal } from "./retry-signal"
import { LoadingScreen } from "./Spinner"

interface BoundaryProps {
  children: ReactNode
  onRetry: () => void
  /** A new value (the connection came back) retries a failed load by itself. */
  retrySignal: number
}

class ChunkBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override componentDidUpdate(previous: BoundaryProps) {
    if (this.state.failed && previous.retrySignal !== this.props.retrySignal) this.retry()
  }
  private retry() {
    this.props.onRetry()
    this.setState({ failed: false })
  }
  override render() {
    if (!this.state.failed) return this.props.children
    return (
      <LoadFailedScreen
        error="This page could not be loaded. Check your connection and try again."
        onRetry={() => this.retry()}
      />
    )
  }
}

/**
 * A page behind sign-in, loaded as its own chunk. A chunk that fails or has not arrived within
 * the timeout shows an error with a retry instead of a blank page.
 * A chunk already asked for (`preload`, on a reload of this page) is waited for with a plain spinner, and a
 * chunk already here renders at once. Suspending instead would show the Suspense fallback and then hold the
 * page back for React's fallback throttle (300 ms), which was most of a reload's time to the dashboard's
 * largest paint.
 */
export function lazyPage<
  P extends object,
  M extends { default: ComponentType<P> } = { default: ComponentType<P> },
>(load: () => Promise<M>): ComponentType<P> & { readonly preload: () => Promise<M | undefined> } {
  let loaded: ComponentType<P> | null = null
  let inFlight: Promise<M> | null = null
  const fetchChunk = (): Promise<M> => {
    inFlight ??= loadChunk(load, CHUNK_LOAD_TIMEOUT_MS).then(
      (module) => {
        loaded = module.default
        inFlight = null
        return module
      },
      (error: unknown) => {
        inFlight = null
        throw error
      },
    )
    return inFlight
  }
  const make = () => lazy(fetchChunk)
  let Current = make()
  // biome-ignore lint/correctness/noComponentHookFactories: built once per route at module load, never per render
  function LazyPage(props: P) {
    const [, bump] = useReducer((n: number) => n + 1, 0)
    const retrySignal = useContext(RetrySignal)
    const waiting = loaded ? null : inFlight
    useEffect(() => {
      if (!waiting) return
      let mounted = true
      // Settled either way, the next render shows the page, or suspends on a fresh load that fails into the
      // boundary's retry.
      const settle = () => mounted && bump()
      waiting.then(settle, settle)
      return () => {
        mounted = false
      }
    }, [waiting])
    if (waiting) return <LoadingScreen />
    const Page = loaded ?? Current
    return (
      <ChunkBoundary
        retrySignal={retrySignal}
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

/**
 * A part of a page (a menu's popup, a card) loaded as its own chunk at its first render or `preload`. Unlike a
 * page's, a failed download shows no error: it is tried again until it arrives, while the part's Suspense
 * fallback stays and the rest of the page works.
 */
export function lazyPart<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  const preload = onDemand(load, PART_RETRY_MS)
  return Object.assign(lazy(preload), { preload })
}
