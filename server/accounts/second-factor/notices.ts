// The `security` notices of second factors: each factor added or removed is told to the account's owner, so
// that a factor added by someone else with a stolen session is noticed.
import type { SecurityNotice } from "../account-notices"

export const SECOND_FACTOR_NOTICES = {
  totpAdded: (): SecurityNotice => ({
    title: "Authenticator app added",
    message:
      "An authenticator app now signs in to your account as a second factor. If this was not you, ask an admin at once.",
  }),
  totpRemoved: (): SecurityNotice => ({
    title: "Authenticator app removed",
    message:
      "The authenticator app and its recovery codes no longer sign in to your account. If this was not you, ask an admin at once.",
  }),
  recoveryCodesReplaced: (): SecurityNotice => ({
    title: "New recovery codes",
    message: "Your recovery codes were replaced; the old ones no longer work.",
  }),
  passkeyAdded: (name: string): SecurityNotice => ({
    title: "Passkey added",
    message: `The passkey "${name}" now signs in to your account. If this was not you, remove it and ask an admin at once.`,
  }),
  passkeyRemoved: (name: string): SecurityNotice => ({
    title: "Passkey removed",
    message: `The passkey "${name}" no longer signs in to your account.`,
  }),
  reset: (): SecurityNotice => ({
    title: "Your second factors were reset",
    message:
      "An admin removed your authenticator app, recovery codes and passkeys. Set up a new second factor in your user settings.",
  }),
} as const
