import type { ManagedRuntime } from "effect"
import type { AcceptInvitationBody, InvitationInfo } from "../../schema/accounts/invitation"
import type { ResetLinkInfo, ResetPasswordBody, ResetRequested } from "../../schema/accounts/password-reset"
import type { SignInNotice } from "../../schema/accounts/sign-in-notice"
import type { LoginResponse } from "../../schema/auth/auth"
import { loadAuthEndpoints } from "../auth/load-auth-endpoints"
import { callLoadedEndpoint } from "../system/api-call"
import { Api } from "../system/api-client"
import { runForActor } from "../system/runtime"

// The public account calls (the sign-in page's notice, invitation and password-reset links), as plain promises on the root's
// runtime. Made without a bearer: nobody is signed in yet, and a 401 here is an answer, not a reason to refresh.

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
    requestPasswordReset: (email) =>
      runForActor(
        runtime,
        Api.use((api) =>
          callLoadedEndpoint(
            api,
            () => accountsEndpoints().then((e) => e.requestPasswordReset),
            { payload: { email } },
            PUBLIC,
          ),
        ),
      ),
    passwordResetLink: (token) =>
      runForActor(
        runtime,
        Api.use((api) =>
          callLoadedEndpoint(
            api,
            () => accountsEndpoints().then((e) => e.passwordResetLink),
            { params: { token } },
            PUBLIC,
          ),
        ),
      ),
    resetPassword: (token, body) =>
      runForActor(
        runtime,
        Api.use((api) =>
          callLoadedEndpoint(
            api,
            () => accountsEndpoints().then((e) => e.resetPassword),
            { params: { token }, payload: body },
            PUBLIC,
          ),
        ),
      ),
  }
}
