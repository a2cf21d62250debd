import { REFRESH_FAILED } from "../../machines/auth/refresh.machine"
import type { RefOf } from "../../machines/system/registry"

let nextWaiter = 0

/**
 * The RefreshGate: bridges a request waiting for a token to the refresh queue machine. It registers a fresh
 * waiter id and settles when the machine releases or rejects that id. It listens before it asks, so a
 * refresh that settles synchronously cannot be missed.
 */
export function awaitFreshToken(actor: RefOf<"refresh"> | undefined): Promise<string> {
  if (!actor) return Promise.reject(new Error("The refresh queue is not running"))
  const waiterId = `w${++nextWaiter}`
  return new Promise<string>((resolve, reject) => {
    const released = actor.on("released", (e) => {
      if (!e.waiterIds.includes(waiterId)) return
      stop()
      resolve(e.token)
    })
    const rejected = actor.on("rejected", (e) => {
      if (!e.waiterIds.includes(waiterId)) return
      stop()
      reject(new Error(REFRESH_FAILED))
    })
    const stop = () => {
      released.unsubscribe()
      rejected.unsubscribe()
    }
    actor.send({ type: "refresh.requested", waiterId })
  })
}
