import type { ManagedRuntime } from "effect"
import type { AcceptInvitationBody, InvitationInfo } from "../../schema/accounts/invitation"
import type { SignInNotice } from "../../schema/accounts/sign-in-notice"
import type { LoginResponse } from "../../schema/auth/auth"
import { loadAuthEndpoints } from "../auth/load-auth-endpoints"
import { callLoadedEndpoint } from "../system/api-call"
import { Api } from "../system/api-client"
import { runForActor } from "../system/runtime"

// The public account calls (the sign-in page's notice, invitation links), as plain promises on the root's
// runtime. Made without a bearer: nobody is signed in yet, and a 401 here is an answer, not a reason to refresh.

export interface AccountCalls {
  readonly signInNotice: () => Promise<SignInNotice>
  readonly invitation: (token: string) => Promise<InvitationInfo>
  readonly acceptInvitation: (token: string, body: AcceptInvitationBody) => Promise<LoginResponse>
}

const PUBLIC = { auth: "none", replay: "never" } as const

// The invitation page's records load with it, never on the sign-in page.
const accountsEndpoints = () => import("../../schema/api/accounts").then((m) => m.accountsApi.endpoints)

export function accountCalls(runtime: ManagedRuntime.ManagedRuntime<Api, never>): AccountCalls {
  return {
    signInNotice: () =>
      runForActor(
        runtime,
        Api.use((api) =>
          callLoadedEndpoint(
            api,
            () => loadAuthEndpoints().then((m) => m.authApi.endpoints.signInNotice),
            {},
            PUBLIC,
          ),
        ),
      ),
    invitation: (token) =>
      runForActor(
        runtime,
        Api.use((api) =>
          callLoadedEndpoint(
            api,
            () => accountsEndpoints().then((e) => e.invitation),
            { params: { token } },
            PUBLIC,
          ),
        ),
      ),
    acceptInvitation: (token, body) =>
      runForActor(
        runtime,
        Api.use((api) =>
          callLoadedEndpoint(
            api,
            () => accountsEndpoints().then((e) => e.acceptInvitation),
            { params: { token }, payload: body },
            PUBLIC,
          ),
        ),
      ),
  }
}
