import { Schema } from "effect"

/**
 * What the sign-in pages say beside their forms: whether the demo accounts (published passwords) exist, and
 * whether this server mails (without mail, "Forgot password?" means asking an admin for a reset link).
 */
export const SignInNotice = Schema.Struct({ demo_accounts: Schema.Boolean, mail: Schema.Boolean })
export type SignInNotice = typeof SignInNotice.Type
