import type { Effect } from "effect"
import { fromPromise } from "xstate"
import { secondFactorPolicyMachine } from "../../machines/accounts/second-factor-policy.machine"
import { secondFactorApi } from "../../schema/api/second-factor"
import type { UserCategory } from "../../schema/auth/auth"
import { callEndpoint } from "../system/api-call"
import { Api } from "../system/api-client"

type Run = <A, E>(effect: Effect.Effect<A, E, Api>) => Promise<A>

const E = secondFactorApi.endpoints

/** The staff page's second-factor policy: read it, and save it whole. */
export function provideSecondFactorPolicy(run: Run) {
  return secondFactorPolicyMachine.provide({
    actors: {
      loadPolicy: fromPromise<ReadonlyArray<UserCategory>>(async () => {
        const policy = await run(Api.use((api) => callEndpoint(api, E.policy, {})))
        return policy.required
      }),
      savePolicy: fromPromise<ReadonlyArray<UserCategory>, ReadonlyArray<UserCategory>>(async ({ input }) => {
        const policy = await run(
          Api.use((api) => callEndpoint(api, E.setPolicy, { payload: { required: [...input] } })),
        )
        return policy.required
      }),
    },
  })
}
