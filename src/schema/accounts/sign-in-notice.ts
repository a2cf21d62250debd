import { Schema } from "effect"

/** What the sign-in page says beside the form: whether the demo accounts (published passwords) exist. */
export const SignInNotice = Schema.Struct({ demo_accounts: Schema.Boolean })
export type SignInNotice = typeof SignInNotice.Type
