import { assign } from "xstate"
import type { LoginResponse } from "../../schema/auth/auth"
import { FACTOR_FAILED, PASSKEY_FAILED, PASSKEY_SETUP_FAILED, SETUP_START_FAILED } from "./auth-context"
import { authSetup } from "./auth-setup"

// The steps of a sign-in besides the password, all while signed out (no token is held until a step gives one):
// a passkey alone, the second factor a right password led to, and the set-up of a factor the policy requires.
// Each challenge's token is single use and expires: its steps end at its expiry, back to the password form.

const expired = { target: "#auth.UNAUTHENTICATED.idle", actions: "expireChallenge" } as const

/** Every step that asks for a session ends the same way when it gets one. */
const signedIn = {
  target: "#auth.AUTHENTICATED",
  actions: [
    { type: "takeSession", params: ({ event }: { event: { output: LoginResponse } }) => event.output },
    "announceToken",
    "announceUser",
  ],
} as const

/** A step that failed goes back to `target` with the server's sentence, or `fallback` when it gave none. */
const failedTo = (target: string, fallback: string) =>
  ({
    target,
    actions: {
      type: "fail",
      params: ({ event }: { event: { error: unknown } }) => ({ error: event.error, fallback }),
    },
  }) as const

/** From the password form (signed out or after a failed sign-in): a passkey instead of the password. */
export const passkeyStarts = {
  "auth.passkeySignIn": { target: "#auth.UNAUTHENTICATED.passkey", actions: "forgetSession" },
  "auth.passkeyAutofill": { target: "#auth.UNAUTHENTICATED.autofill", actions: "forgetSession" },
} as const

const tokenOf = (challenge: { token: string } | null) => challenge?.token ?? ""

export const signInSteps = {
  // The browser's own dialog: a passkey counts as both factors.
  passkey: authSetup.createStateConfig({
    entry: assign({ error: null }),
    invoke: {
      id: "passkeySignIn",
      src: "passkeySignIn",
      onDone: signedIn,
      onError: failedTo("#auth.ERROR", PASSKEY_FAILED),
    },
  }),
  // The password form is shown while the browser offers passkeys on the email field.
  autofill: authSetup.createStateConfig({
    on: { "auth.passkeySignIn": { target: "passkey" } },
    invoke: {
      id: "passkeyAutofill",
      src: "passkeyAutofill",
      onDone: signedIn,
      onError: failedTo("#auth.ERROR", PASSKEY_FAILED),
    },
  }),
  secondFactor: authSetup.createStateConfig({
    initial: "asking",
    exit: "dropChallenge",
    after: { challengeExpiry: expired },
    on: { "auth.cancelChallenge": { target: "idle" } },
    states: {
      asking: {
        on: {
          "auth.submitFactor": { target: "verifyingCode" },
          "auth.usePasskeyFactor": { guard: "offersPasskey", target: "verifyingPasskey" },
        },
      },
      // A wrong or used code, or a passkey that did not verify: the server's sentence, and the step stays.
      verifyingCode: {
        entry: assign({ error: null }),
        invoke: {
          id: "verifyCode",
          src: "verifyCode",
          input: ({ context, event }) => ({
            token: tokenOf(context.challenge),
            method: event.type === "auth.submitFactor" ? event.method : "totp",
            code: event.type === "auth.submitFactor" ? event.code : "",
            trustBrowser: event.type === "auth.submitFactor" && event.trustBrowser,
          }),
          onDone: signedIn,
          onError: failedTo("asking", FACTOR_FAILED),
        },
      },
      verifyingPasskey: {
        entry: assign({ error: null }),
        invoke: {
          id: "verifyPasskey",
          src: "verifyPasskey",
          input: ({ context, event }) => ({
            token: tokenOf(context.challenge),
            trustBrowser: event.type === "auth.usePasskeyFactor" && event.trustBrowser,
          }),
          onDone: signedIn,
          onError: failedTo("asking", PASSKEY_FAILED),
        },
      },
    },
  }),
  // The policy requires a factor the account lacks: set up an authenticator app or a passkey before anything
  // else. The app is prepared at once; a passkey is the browser's dialog, whenever the person picks it.
  settingUp: authSetup.createStateConfig({
    initial: "enrolling",
    states: {
      // The challenge is spent once a factor is confirmed: what follows holds the session it earned instead.
      enrolling: {
        initial: "starting",
        exit: "dropChallenge",
        after: { challengeExpiry: expired },
        on: { "auth.cancelChallenge": { target: "#auth.UNAUTHENTICATED.idle" } },
        states: {
          starting: {
            invoke: {
              id: "startSetup",
              src: "startSetup",
              input: ({ context }) => ({ token: tokenOf(context.challenge) }),
              onDone: { target: "entering", actions: assign({ enrolment: ({ event }) => event.output }) },
              onError: failedTo("failed", SETUP_START_FAILED),
            },
          },
          failed: {
            on: {
              "auth.retrySetup": { target: "starting", actions: assign({ error: null }) },
              "auth.setupPasskey": { target: "addingPasskey" },
            },
          },
          entering: {
            on: {
              "auth.confirmSetup": { target: "confirming" },
              "auth.setupPasskey": { target: "addingPasskey" },
            },
          },
          confirming: {
            entry: assign({ error: null }),
            invoke: {
              id: "confirmSetup",
              src: "confirmSetup",
              input: ({ context, event }) => ({
                token: tokenOf(context.challenge),
                code: event.type === "auth.confirmSetup" ? event.code : "",
              }),
              onDone: {
                target: "#auth.UNAUTHENTICATED.settingUp.showingCodes",
                actions: assign({ setUp: ({ event }) => event.output }),
              },
              onError: failedTo("entering", FACTOR_FAILED),
            },
          },
          // A passkey brings no recovery codes: its sign-in is complete as soon as the server keeps it. Refused
          // or cancelled, the app's key (when it was prepared) is still on screen; otherwise its retry is.
          addingPasskey: {
            entry: assign({ error: null }),
            invoke: {
              id: "setupPasskey",
              src: "setupPasskey",
              input: ({ context, event }) => ({
                token: tokenOf(context.challenge),
                name: event.type === "auth.setupPasskey" ? event.name : "",
              }),
              onDone: signedIn,
              onError: [
                { guard: "hasEnrolment", ...failedTo("entering", PASSKEY_SETUP_FAILED) },
                failedTo("failed", PASSKEY_SETUP_FAILED),
              ],
            },
          },
        },
      },
      // The session is earned, and held back until its ten recovery codes have been seen: they are shown once.
      showingCodes: {
        on: {
          "auth.continue": {
            target: "#auth.AUTHENTICATED",
            actions: ["takeSetUpSession", "announceToken", "announceUser"],
          },
        },
      },
    },
  }),
}
