import {
  AddPasskeyBody,
  Passkey,
  PasskeyIdParams,
  PasskeySecondFactorBody,
  PasskeySetupBody,
  PasskeySignInBody,
  RenamePasskeyBody,
} from "../accounts/passkeys"
import { ChallengeTokenBody, Done } from "../accounts/second-factor"
import { CreationOptionsJSON, RequestOptionsJSON } from "../accounts/webauthn"
import { LoginResponse } from "../auth/auth"
import { endpoint, type GroupDocs, group } from "./endpoint"

// Passkeys: signing in with one (no password; it counts as both factors), using one as the second factor,
// and your own passkeys in /user-settings.

const A = "/api/company/account/passkeys/"

export const passkeysApi = group("passkeys", {
  signInOptions: endpoint({
    method: "POST",
    path: "/api/company/passkeys/sign-in/options/",
    callers: "anyone",
    success: RequestOptionsJSON,
    errors: [403],
  }),
  signIn: endpoint({
    method: "POST",
    path: "/api/company/passkeys/sign-in/",
    callers: "anyone",
    payload: PasskeySignInBody,
    success: LoginResponse,
    errors: [400, 401, 403, 429],
  }),
  secondFactorOptions: endpoint({
    method: "POST",
    path: "/api/company/login/second-factor/passkey/options/",
    callers: "anyone",
    payload: ChallengeTokenBody,
    success: RequestOptionsJSON,
    errors: [400, 401, 403],
  }),
  secondFactor: endpoint({
    method: "POST",
    path: "/api/company/login/second-factor/passkey/",
    callers: "anyone",
    payload: PasskeySecondFactorBody,
    success: LoginResponse,
    errors: [400, 401, 403, 429],
  }),
  setupOptions: endpoint({
    method: "POST",
    path: "/api/company/login/setup/passkey/options/",
    callers: "anyone",
    payload: ChallengeTokenBody,
    success: CreationOptionsJSON,
    errors: [400, 401, 403],
  }),
  setup: endpoint({
    method: "POST",
    path: "/api/company/login/setup/passkey/",
    callers: "anyone",
    payload: PasskeySetupBody,
    success: LoginResponse,
    errors: [400, 401, 403, 409, 429],
  }),
  registrationOptions: endpoint({
    method: "POST",
    path: `${A}options/`,
    callers: "signedIn",
    success: CreationOptionsJSON,
    errors: [401],
  }),
  add: endpoint({
    method: "POST",
    path: A,
    callers: "signedIn",
    payload: AddPasskeyBody,
    success: Passkey,
    successStatus: 201,
    errors: [400, 401, 409],
  }),
  rename: endpoint({
    method: "PATCH",
    path: `${A}:id/`,
    callers: "signedIn",
    params: PasskeyIdParams,
    payload: RenamePasskeyBody,
    success: Passkey,
    errors: [400, 401, 404],
  }),
  remove: endpoint({
    method: "DELETE",
    path: `${A}:id/`,
    callers: "signedIn",
    params: PasskeyIdParams,
    success: Done,
    errors: [401, 404, 409],
  }),
})

export const passkeysDocs = {
  description:
    "Passkeys (WebAuthn): signing in without a password, a passkey as the second factor, and your own passkeys.",
  summaries: {
    signInOptions:
      "Request options for a discoverable credential (no account named; also for the browser's passkey autofill). The challenge is single use and expires.",
    signIn:
      "Signs in with a passkey's assertion: counts as both factors. Answers the access token and sets the refresh cookie; an unknown, removed or unverifiable passkey is a 401.",
    secondFactorOptions:
      "While a sign-in answered a `second_factor` challenge: request options allowing the account's passkeys.",
    secondFactor:
      "Finishes a sign-in that answered a `second_factor` challenge with one of the account's passkeys.",
    setupOptions:
      "While a sign-in answered `setup_required`: creation options for the account's first passkey (a discoverable credential).",
    setup:
      "While a sign-in answered `setup_required`: adds the passkey the browser created and finishes the sign-in.",
    registrationOptions:
      "Creation options for a new passkey of yours (a discoverable credential); the challenge is single use and expires.",
    add: "Adds the passkey the browser created, under the name you give it.",
    rename: "Renames one of your passkeys.",
    remove: "Removes one of your passkeys; a 409 when the policy requires a factor and it is your last.",
  },
} satisfies GroupDocs<typeof passkeysApi>
