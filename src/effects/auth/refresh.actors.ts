import { fromPromise } from "xstate"
import { refreshMachine } from "../../machines/auth/refresh.machine"
import type { RefreshResponse } from "../../schema/auth/auth"
import type { AuthCalls } from "./auth.actors"

/** The refresh queue's machine with its IO: one refresh call per turn of the queue. */
export const provideRefresh = (calls: AuthCalls) =>
  refreshMachine.provide({ actors: { refreshToken: fromPromise<RefreshResponse>(() => calls.refresh()) } })
