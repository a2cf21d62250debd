import type { RuntimeLoader } from "../system/runtime-loader"
import type { AccountCalls } from "./account-calls"

// The public account calls load with the runtime they run on, not with the signed-out pages' machines: those
// machines' chunk then needs no Effect code, and the sign-in page's notice (whose answer index.html's inline
// script has usually fetched already) shows as soon as that small chunk has run.

/** The public account calls, once their code and the root's runtime have loaded. */
export const loadAccountCalls = (runtime: RuntimeLoader): Promise<AccountCalls> =>
  import("./account-calls").then((calls) => calls.accountCallsOf(runtime))
