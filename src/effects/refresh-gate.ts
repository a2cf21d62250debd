import type { Actor, AnyActorRef } from "xstate"
import { REFRESH_FAILED, type refreshMachine } from "../machines/refresh.machine"

type RefreshActor = Actor<typeof refreshMachine>

let nextWaiter = 0

/**
 * The RefreshGate: bridges a request waiting for a token to the refresh queue machine. It registers a fresh
 * waiter id and settles when the machine releases or rejects that id. It listens before it asks, so a
 * refresh that settles synchronously cannot be missed.
 */
export function awaitFreshToken(refresh: AnyActorRef | undefined): Promise<string> {
  if (!refresh) return Promise.reject(new Error("The refresh queue is not running"))
  const actor = refresh as RefreshActor
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
