import type { Effect } from "effect"
import type { LoginResponse } from "../../schema/auth/auth"
import type { Api } from "../system/api-client"
import { passkeyOptions, passkeySignIn, setupPasskey, setupPasskeyOptions } from "./sign-in-step-calls"

// A passkey sign-in: the server's request options, the browser's ceremony, the server's word on its answer;
// and, at a sign-in the policy holds back, the creation of the account's first passkey the same way.
// @simplewebauthn/browser loads with the first ceremony, never with the sign-in page itself.

type Run = <A, E>(effect: Effect.Effect<A, E, Api>) => Promise<A>

/** A promise that never settles: an autofill the browser does not offer, or one another request replaced. */
const never = <T>(): Promise<T> => new Promise<T>(() => {})

export async function passkeyCeremony(
  run: Run,
  token: string | null,
  trustBrowser: boolean,
  mediation: "dialog" | "conditional",
): Promise<LoginResponse> {
  const webauthn = await import("@simplewebauthn/browser")
  if (mediation === "conditional" && !(await webauthn.browserSupportsWebAuthnAutofill())) return never()
  const optionsJSON = await run(passkeyOptions(token))
  let response: Awaited<ReturnType<typeof webauthn.startAuthentication>>
  try {
    response = await webauthn.startAuthentication({
      optionsJSON,
      useBrowserAutofill: mediation === "conditional",
    })
  } catch (error) {
    // Starting another ceremony (the "Sign in with a passkey" button) aborts the autofill's: it just ends.
    if (mediation === "conditional") return never()
    throw error
  }
  return run(passkeySignIn(token, response, trustBrowser))
}

/** A passkey created for an account the policy holds back at sign-in: adding it finishes the sign-in. */
export async function passkeySetupCeremony(run: Run, token: string, name: string): Promise<LoginResponse> {
  const optionsJSON = await run(setupPasskeyOptions(token))
  const { startRegistration } = await import("@simplewebauthn/browser")
  const response = await startRegistration({ optionsJSON })
  return run(setupPasskey(token, name, response))
}
