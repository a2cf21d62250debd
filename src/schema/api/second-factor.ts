import {
  ChallengeTokenBody,
  Done,
  PasswordBody,
  RecoveryCodes,
  SecondFactorBody,
  SecondFactorPolicy,
  SecondFactorResetBody,
  SecondFactorStatus,
  SetupConfirmBody,
  SetupSignIn,
  TotpConfirmBody,
  TotpSetup,
} from "../accounts/second-factor"
import { LoginResponse } from "../auth/auth"
import { endpoint, type GroupDocs, group } from "./endpoint"
import { IdParams } from "./params"

// The second factor: finishing a sign-in with a code, setting one up when the policy asks for it, your own
// authenticator app and recovery codes, and the admins' policy and reset.

const L = "/api/company/login/"
const A = "/api/company/account/"

export const secondFactorApi = group("secondFactor", {
  verify: endpoint({
    method: "POST",
    path: `${L}second-factor/`,
    callers: "anyone",
    payload: SecondFactorBody,
    success: LoginResponse,
    errors: [400, 401, 403, 429],
  }),
  setupTotp: endpoint({
    method: "POST",
    path: `${L}setup/totp/`,
    callers: "anyone",
    payload: ChallengeTokenBody,
    success: TotpSetup,
    errors: [400, 401, 403],
  }),
  setupTotpConfirm: endpoint({
    method: "POST",
    path: `${L}setup/totp/confirm/`,
    callers: "anyone",
    payload: SetupConfirmBody,
    success: SetupSignIn,
    errors: [400, 401, 403, 409, 429],
  }),
  status: endpoint({
    method: "GET",
    path: `${A}second-factor/`,
    callers: "signedIn",
    success: SecondFactorStatus,
    errors: [401],
  }),
  startTotp: endpoint({
    method: "POST",
    path: `${A}totp/`,
    callers: "signedIn",
    success: TotpSetup,
    errors: [401, 409],
  }),
  confirmTotp: endpoint({
    method: "POST",
    path: `${A}totp/confirm/`,
    callers: "signedIn",
    payload: TotpConfirmBody,
    success: RecoveryCodes,
    errors: [400, 401, 409],
  }),
  removeTotp: endpoint({
    method: "DELETE",
    path: `${A}totp/`,
    callers: "signedIn",
    payload: PasswordBody,
    success: Done,
    errors: [400, 401, 404, 409, 429],
  }),
  regenerateRecoveryCodes: endpoint({
    method: "POST",
    path: `${A}recovery-codes/`,
    callers: "signedIn",
    payload: PasswordBody,
    success: RecoveryCodes,
    errors: [400, 401, 409, 429],
  }),
  forgetBrowser: endpoint({
    method: "DELETE",
    path: `${A}trusted-browser/`,
    callers: "signedIn",
    success: Done,
    errors: [401],
  }),
  policy: endpoint({
    method: "GET",
    path: "/api/company/staff/second-factor-policy/",
    callers: "manageStaff",
    success: SecondFactorPolicy,
    errors: [401, 403],
  }),
  setPolicy: endpoint({
    method: "PUT",
    path: "/api/company/staff/second-factor-policy/",
    callers: "manageStaff",
    payload: SecondFactorPolicy,
    success: SecondFactorPolicy,
    errors: [400, 401, 403],
  }),
  reset: endpoint({
    method: "POST",
    path: "/api/company/staff/:id/second-factor/reset/",
    callers: "manageStaff",
    params: IdParams,
    payload: SecondFactorResetBody,
    success: Done,
    errors: [400, 401, 403, 404],
  }),
})

export const secondFactorDocs = {
  description:
    "The second factor: an authenticator app's code (TOTP), single-use recovery codes, the 30-day trust of a browser, and the admins' policy requiring a factor per category.",
  summaries: {
    verify:
      "Finishes a sign-in that answered a `second_factor` challenge, with the app's code or a recovery code; `trust_browser` skips the second factor in this browser for 30 days. A wrong code is a 400 and counts as a failed sign-in; an unknown, used or expired token is a 401.",
    setupTotp:
      "While a sign-in answered `setup_required`: a new authenticator app secret, its otpauth URL and QR code.",
    setupTotpConfirm:
      "While a sign-in answered `setup_required`: confirms the app with its first code and finishes the sign-in; the ten recovery codes are answered once.",
    status:
      "Your second factors: the authenticator app, how many recovery codes are left, your passkeys, whether the policy requires one, and this browser's trust.",
    startTotp:
      "Starts adding an authenticator app: a new secret, pending until confirmed with a first code (409 when one is set up already).",
    confirmTotp:
      "Confirms the pending authenticator app with a code from it; answers ten new recovery codes, shown once.",
    removeTotp:
      "Removes your authenticator app and recovery codes (your password is asked); a 409 when the policy requires a factor and it is your last.",
    regenerateRecoveryCodes:
      "Replaces your recovery codes with ten new ones (your password is asked); the old ones stop working.",
    forgetBrowser:
      "Ends this browser's 30-day trust: the next sign-in here asks for the second factor again.",
    policy: "The categories whose accounts must have a second factor (none by default).",
    setPolicy:
      "Sets the categories whose accounts must have a second factor; such an account without one sets one up right after its password.",
    reset:
      "Removes an account's authenticator app, recovery codes and passkeys (a lost phone); kept in its history and told to them.",
  },
} satisfies GroupDocs<typeof secondFactorApi>
