import type { Effect } from "effect"
import { fromPromise } from "xstate"
import { secondFactorMachine } from "../../machines/accounts/second-factor.machine"
import type { Passkey } from "../../schema/accounts/passkeys"
import type { SecondFactorStatus, TotpSetup } from "../../schema/accounts/second-factor"
import { passkeysApi } from "../../schema/api/passkeys"
import { secondFactorApi } from "../../schema/api/second-factor"
import { callEndpoint } from "../system/api-call"
import { Api } from "../system/api-client"

type Run = <A, E>(effect: Effect.Effect<A, E, Api>) => Promise<A>

const factors = secondFactorApi.endpoints
const passkeys = passkeysApi.endpoints

/** Your own second factors' calls; a passkey is made by the browser between the server's options and its check. */
export function provideSecondFactor(run: Run) {
  return secondFactorMachine.provide({
    actors: {
      loadStatus: fromPromise<SecondFactorStatus>(() =>
        run(Api.use((api) => callEndpoint(api, factors.status, {}))),
      ),
      startTotp: fromPromise<TotpSetup>(() =>
        run(Api.use((api) => callEndpoint(api, factors.startTotp, {}))),
      ),
      confirmTotp: fromPromise<ReadonlyArray<string>, { code: string }>(async ({ input }) => {
        const answer = await run(Api.use((api) => callEndpoint(api, factors.confirmTotp, { payload: input })))
        return answer.recovery_codes
      }),
      removeTotp: fromPromise<string, { password: string }>(async ({ input }) => {
        const answer = await run(Api.use((api) => callEndpoint(api, factors.removeTotp, { payload: input })))
        return answer.detail
      }),
      regenerateCodes: fromPromise<ReadonlyArray<string>, { password: string }>(async ({ input }) => {
        const answer = await run(
          Api.use((api) => callEndpoint(api, factors.regenerateRecoveryCodes, { payload: input })),
        )
        return answer.recovery_codes
      }),
      addPasskey: fromPromise<Passkey, { name: string }>(async ({ input }) => {
        const optionsJSON = await run(Api.use((api) => callEndpoint(api, passkeys.registrationOptions, {})))
        const { startRegistration } = await import("@simplewebauthn/browser")
        const response = await startRegistration({ optionsJSON })
        return run(
          Api.use((api) => callEndpoint(api, passkeys.add, { payload: { name: input.name, response } })),
        )
      }),
      renamePasskey: fromPromise<Passkey, { id: string; name: string }>(({ input }) =>
        run(
          Api.use((api) =>
            callEndpoint(api, passkeys.rename, { params: { id: input.id }, payload: { name: input.name } }),
          ),
        ),
      ),
      removePasskey: fromPromise<string, { id: string }>(async ({ input }) => {
        const answer = await run(
          Api.use((api) => callEndpoint(api, passkeys.remove, { params: { id: input.id } })),
        )
        return answer.detail
      }),
      forgetBrowser: fromPromise<string>(async () => {
        const answer = await run(Api.use((api) => callEndpoint(api, factors.forgetBrowser, {})))
        return answer.detail
      }),
    },
  })
}
