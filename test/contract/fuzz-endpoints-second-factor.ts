// How the second-factor and passkey endpoints are fuzzed (spread into fuzz-endpoints.ts's table).
import fc from "fast-check"
import {
  AddPasskeyBody,
  PasskeySecondFactorBody,
  PasskeySetupBody,
  PasskeySignInBody,
  RenamePasskeyBody,
} from "../../src/schema/accounts/passkeys"
import {
  ChallengeTokenBody,
  PasswordBody,
  SecondFactorBody,
  SecondFactorPolicy,
  SecondFactorResetBody,
  SetupConfirmBody,
  TotpConfirmBody,
} from "../../src/schema/accounts/second-factor"
import type { FuzzSpec } from "./fuzz-endpoints"

export const SECOND_FACTOR_FUZZ: Readonly<Record<string, FuzzSpec>> = {
  "POST /api/company/login/second-factor/": { group: "account", body: SecondFactorBody },
  "POST /api/company/login/second-factor/passkey/options/": { group: "account", body: ChallengeTokenBody },
  "POST /api/company/login/second-factor/passkey/": { group: "account", body: PasskeySecondFactorBody },
  "POST /api/company/login/setup/totp/": { group: "account", body: ChallengeTokenBody },
  "POST /api/company/login/setup/totp/confirm/": { group: "account", body: SetupConfirmBody },
  "POST /api/company/login/setup/passkey/options/": { group: "account", body: ChallengeTokenBody },
  "POST /api/company/login/setup/passkey/": { group: "account", body: PasskeySetupBody },
  "POST /api/company/passkeys/sign-in/options/": { group: "account" },
  "POST /api/company/passkeys/sign-in/": { group: "account", body: PasskeySignInBody },
  "GET /api/company/account/second-factor/": { group: "account" },
  "POST /api/company/account/totp/": { group: "account" },
  "POST /api/company/account/totp/confirm/": { group: "account", body: TotpConfirmBody },
  "DELETE /api/company/account/totp/": { group: "account", body: PasswordBody },
  "POST /api/company/account/recovery-codes/": { group: "account", body: PasswordBody },
  "DELETE /api/company/account/trusted-browser/": { group: "account" },
  "POST /api/company/account/passkeys/options/": { group: "account" },
  "POST /api/company/account/passkeys/": { group: "account", body: AddPasskeyBody },
  // Any text: one that names no passkey of the caller's is a 404.
  "PATCH /api/company/account/passkeys/:id/": {
    group: "account",
    params: () => ({ id: ["1", "00000000-0000-0000-0000-000000000000", "x".repeat(40)] }),
    body: RenamePasskeyBody,
  },
  "DELETE /api/company/account/passkeys/:id/": {
    group: "account",
    params: () => ({ id: ["1", "00000000-0000-0000-0000-000000000000", "-".repeat(36)] }),
  },
  "GET /api/company/staff/second-factor-policy/": { group: "account" },
  "PUT /api/company/staff/second-factor-policy/": {
    group: "account",
    body: SecondFactorPolicy,
    // Never the fuzzing admin's own category: the suite must keep signing in without a second factor.
    validBody: () => fc.constantFrom({ required: [] }, { required: ["support"] }),
  },
  "POST /api/company/staff/:id/second-factor/reset/": {
    group: "account",
    params: (c) => ({ id: Object.values(c.users).map((u) => String(u.id)) }),
    body: SecondFactorResetBody,
  },
}
