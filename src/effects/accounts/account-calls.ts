import type { ManagedRuntime } from "effect"
import type { AcceptInvitationBody, InvitationInfo } from "../../schema/accounts/invitation"
import type { ResetLinkInfo, ResetPasswordBody, ResetRequested } from "../../schema/accounts/password-reset"
import type { SignInNotice } from "../../schema/accounts/sign-in-notice"
import type { EndpointSpec } from "../../schema/api/endpoint"
import type { LoginResponse } from "../../schema/auth/auth"
import { loadAuthEndpoints } from "../auth/load-auth-endpoints"
import { type CallInput, callLoadedEndpoint } from "../system/api-call"
import { Api } from "../system/api-client"
import { runForActor } from "../system/runtime"
import type { RuntimeLoader } from "../system/runtime-loader"

// The public account calls (the sign-in page's notice, invitation and password-reset links), as plain promises on the root's
// runtime. Made without a bearer: nobody is signed in yet, and a 401 here is an answer, not a reason to refresh.
// They come with the signed-out pages' code, not in the runtime's chunk, which every signed-in page needs before
// it shows.

export interface AccountCalls {
  readonly signInNotice: () => Promise<SignInNotice>
  readonly invitation: (token: string) => Promise<InvitationInfo>
  readonly acceptInvitation: (token: string, body: AcceptInvitationBody) => Promise<LoginResponse>
  readonly requestPasswordReset: (email: string) => Promise<ResetRequested>
  readonly passwordResetLink: (token: string) => Promise<ResetLinkInfo>
  readonly resetPassword: (token: string, body: ResetPasswordBody) => Promise<LoginResponse>
}

const PUBLIC = { auth: "none", replay: "never" } as const

// The invitation and password pages' records load with them, never on the sign-in page.
const accountsEndpoints = () => import("../../schema/api/accounts").then((m) => m.accountsApi.endpoints)

export function accountCalls(runtime: ManagedRuntime.ManagedRuntime<Api, never>): AccountCalls {
  // One shape for every public call: the record loaded on first use, no bearer, never replayed.
  const call = <E extends EndpointSpec>(load: () => Promise<E>, input: CallInput<E>) =>
    runForActor(
      runtime,
      Api.use((api) => callLoadedEndpoint(api, load, input, PUBLIC)),
    )
  return {
    signInNotice: () => call(() => loadAuthEndpoints().then((m) => m.authApi.endpoints.signInNotice), {}),
    invitation: (token) => call(() => accountsEndpoints().then((e) => e.invitation), { params: { token } }),
    acceptInvitation: (token, body) =>
      call(() => accountsEndpoints().then((e) => e.acceptInvitation), { params: { token }, payload: body }),
    requestPasswordReset: (email) =>
      call(() => accountsEndpoints().then((e) => e.requestPasswordReset), { payload: { email } }),
    passwordResetLink: (token) =>
      call(() => accountsEndpoints().then((e) => e.passwordResetLink), { params: { token } }),
    resetPassword: (token, body) =>
      call(() => accountsEndpoints().then((e) => e.resetPassword), { params: { token }, payload: body }),
  }
}

/** The calls on the root's runtime, once it has loaded. */
export const accountCallsOf = (runtime: RuntimeLoader): Promise<AccountCalls> =>
  runtime.get().then((r) => accountCalls(r.runtime))
