import { fromPromise } from "xstate"
import { invitationMachine } from "../../machines/accounts/invitation.machine"
import type { AcceptInvitationBody, InvitationInfo } from "../../schema/accounts/invitation"
import type { LoginResponse } from "../../schema/auth/auth"
import type { RuntimeLoader } from "../system/runtime-loader"

// The invitation page's machine with its IO: each actor one call, made once the runtime has loaded, so that
// this module (in the sign-in page's code) holds no Effect code.

export function provideInvitation(runtime: RuntimeLoader) {
  return invitationMachine.provide({
    actors: {
      checkInvitation: fromPromise<InvitationInfo, { token: string }>(({ input }) =>
        runtime.get().then((r) => r.accounts.invitation(input.token)),
      ),
      acceptInvitation: fromPromise<LoginResponse, { token: string; body: AcceptInvitationBody }>(
        ({ input }) => runtime.get().then((r) => r.accounts.acceptInvitation(input.token, input.body)),
      ),
    },
  })
}
