// Passkey endpoints (src/schema/api/passkeys.ts): signing in with one (no bearer; another origin's page may
// not call them), one as the second factor, one as the factor a sign-in must set up, and your own passkeys.
import type { FastifyInstance, FastifyRequest } from "fastify"
import { SECOND_FACTOR_MESSAGES } from "../../../src/schema/accounts/second-factor"
import { passkeysApi } from "../../../src/schema/api/passkeys"
import { readDeviceCookie } from "../../auth/http/device-cookie"
import { openSession } from "../../auth/session"
import { rejectForeignOrigin } from "../../http/origin"
import { serveGroup } from "../../http/serve-endpoint"
import { authenticationOptions, passkeySignIn } from "../passkeys/authentication"
import { removePasskey, renamePasskey } from "../passkeys/own-passkeys"
import { addPasskey, registrationOptions } from "../passkeys/registration"
import { relyingPartyOf } from "../passkeys/relying-party"
import { completeWithPasskey, secondFactorOptions } from "../passkeys/second-factor"
import { addPasskeyAtSignIn, passkeyOptionsAtSignIn } from "../passkeys/setup-sign-in"
import { recordSuccessfulSignIn } from "../sign-ins"
import { clientOf } from "./own-account-routes"
import { answerSession } from "./signed-in"

export async function passkeyRoutes(app: FastifyInstance): Promise<void> {
  const { auth, clock, config } = app.services
  const settings = config.secondFactor
  const seconds = settings.webauthnChallengeSeconds
  const rp = (req: FastifyRequest) => relyingPartyOf(req, settings)
  const now = () => new Date(clock.now())
  const byCookie = { before: rejectForeignOrigin }
  serveGroup(
    app,
    passkeysApi,
    {
      signInOptions: async ({ req }) => authenticationOptions(auth, rp(req), null, seconds),
      signIn: async ({ payload, req, reply }) => {
        const user = await passkeySignIn(auth, rp(req), payload.response, req.ip)
        const session = await openSession(auth, user)
        await recordSuccessfulSignIn(auth, session, clientOf(req), now())
        return answerSession(req, reply, session)
      },
      secondFactorOptions: async ({ payload, req }) =>
        secondFactorOptions(auth, rp(req), payload.token, seconds),
      secondFactor: async ({ payload, req, reply }) => {
        const device = auth.devices.read(readDeviceCookie(req))
        const session = await completeWithPasskey(auth, rp(req), payload, clientOf(req), device)
        await recordSuccessfulSignIn(auth, session, clientOf(req), now())
        return answerSession(req, reply, session, { trustBrowser: payload.trust_browser })
      },
      setupOptions: async ({ payload, req }) => passkeyOptionsAtSignIn(auth, rp(req), payload.token, seconds),
      setup: async ({ payload, req, reply }) => {
        const device = auth.devices.read(readDeviceCookie(req))
        const session = await addPasskeyAtSignIn(auth, rp(req), payload, clientOf(req), device)
        await recordSuccessfulSignIn(auth, session, clientOf(req), now())
        return answerSession(req, reply, session)
      },
      registrationOptions: async ({ req }) => registrationOptions(auth, rp(req), req.user, seconds),
      add: async ({ payload, req }) => addPasskey(auth, rp(req), req.user, payload),
      rename: async ({ params, payload, req }) => renamePasskey(auth, req.user, params.id, payload.name),
      remove: async ({ params, req }) => {
        await removePasskey(auth, req.user, params.id)
        return { detail: SECOND_FACTOR_MESSAGES.passkeyRemoved }
      },
    },
    {
      signInOptions: byCookie,
      signIn: byCookie,
      secondFactorOptions: byCookie,
      secondFactor: byCookie,
      setupOptions: byCookie,
      setup: byCookie,
    },
  )
}
