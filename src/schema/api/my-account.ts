import {
  ChangePasswordBody,
  OwnSessionList,
  SessionIdParams,
  SignedOut,
  SignInList,
} from "../accounts/user-settings"
import { endpoint, type GroupDocs, group } from "./endpoint"

// Your own account (/user-settings): any signed-in user, a read-only category included, manages their own
// password and sessions; nobody reaches another account's through these.

const A = "/api/company/account/"

export const myAccountApi = group("myAccount", {
  sessions: endpoint({
    method: "GET",
    path: `${A}sessions/`,
    callers: "signedIn",
    success: OwnSessionList,
    errors: [401],
  }),
  signOutSession: endpoint({
    method: "POST",
    path: `${A}sessions/:id/sign-out/`,
    callers: "signedIn",
    params: SessionIdParams,
    success: SignedOut,
    errors: [401, 404],
  }),
  signOutOtherSessions: endpoint({
    method: "POST",
    path: `${A}sessions/sign-out-others/`,
    callers: "signedIn",
    success: SignedOut,
    errors: [401],
  }),
  signIns: endpoint({
    method: "GET",
    path: `${A}sign-ins/`,
    callers: "signedIn",
    success: SignInList,
    errors: [401],
  }),
  changePassword: endpoint({
    method: "POST",
    path: `${A}password/`,
    callers: "signedIn",
    payload: ChangePasswordBody,
    success: SignedOut,
    errors: [400, 401, 409, 429],
  }),
})

export const myAccountDocs = {
  description:
    "Your own account: your active sessions, your recent sign-ins and failed attempts, and a change of password.",
  summaries: {
    sessions:
      "Your active sessions: browser and system, the address each signed in from, when it signed in and was last used; `current` marks the one this call was made with.",
    signOutSession:
      "Signs one of your sessions out at once (its refresh token, access tokens and sockets end, on every instance); another account's session is a 404.",
    signOutOtherSessions: "Signs out every session of yours but the one this call was made with.",
    signIns: "Your last 20 sign-ins and refused attempts with your email, newest first.",
    changePassword:
      "Changes your password: the current one is asked (a wrong one counts as a failed sign-in), the new one keeps the password rules (a 400 names the rule broken). Your other sessions are signed out; this one stays.",
  },
} satisfies GroupDocs<typeof myAccountApi>
