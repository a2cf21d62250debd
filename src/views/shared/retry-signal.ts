import { createContext } from "react"

/**
 * Changes each time the connection to the server comes back: a page whose code failed to arrive while the server
 * was away asks for it again then, as pages whose data failed reload themselves.
 */
export const RetrySignal = createContext(0)
