// The auth machine as its path tests walk it: every actor pending (their outcomes are sent as events), and the
// user, challenges and session the sign-in's steps answer with.
import { authMachine } from "../../../src/machines/auth/auth.machine"
import type { User } from "../../../src/schema/auth/auth"
import { pending } from "../walk"

export const user: User = {
  id: 2,
  email: "c@example.com",
  full_name: "Corey C",
  user_category: "website_coordinator",
  initials: "CC",
}
export const machine = authMachine.provide({
  actors: {
    refreshToken: pending(),
    login: pending(),
    fetchProfile: pending(),
    logoutCall: pending(),
    verifyCode: pending(),
    verifyPasskey: pending(),
    passkeySignIn: pending(),
    passkeyAutofill: pending(),
    startSetup: pending(),
    confirmSetup: pending(),
    setupPasskey: pending(),
  },
})
export const secondFactor = {
  challenge: {
    kind: "second_factor",
    token: "c-2fa",
    methods: ["totp", "recovery", "passkey"],
    expires_in: 300,
  },
} as const
export const codeOnly = {
  challenge: { kind: "second_factor", token: "c-code", methods: ["totp"], expires_in: 300 },
} as const
export const setupRequired = {
  challenge: { kind: "setup_required", token: "c-setup", expires_in: 300 },
} as const
export const enrolment = { secret: "JBSWY3DPEHPK3PXP", otpauth_url: "otpauth://totp/x", qr_svg: "<svg/>" }
export const session = { access: "t-2fa", user }
