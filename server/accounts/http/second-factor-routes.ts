// Second-factor endpoints (src/schema/api/second-factor.ts): completing or setting up at sign-in (no bearer:
// the challenge token is the proof, and another origin's page may not call them), your own authenticator app
// and recovery codes, and the admins' policy and reset.
import type { FastifyInstance } from "fastify"
import { SECOND_FACTOR_MESSAGES } from "../../../src/schema/accounts/second-factor"
import { secondFactorApi } from "../../../src/schema/api/second-factor"
import { readDeviceCookie } from "../../auth/http/device-cookie"
import { rejectForeignOrigin } from "../../http/origin"
import { serveGroup } from "../../http/serve-endpoint"
import { resetSecondFactors } from "../second-factor/admin-reset"
import { completeWithCode } from "../second-factor/complete-sign-in"
import { confirmPassword } from "../second-factor/confirm-password"
import { ownStatus, regenerateRecoveryCodes } from "../second-factor/own-status"
import { confirmTotp, removeTotp, startTotp } from "../second-factor/own-totp"
import { requiredCategories, setRequiredCategories } from "../second-factor/policy"
import { confirmTotpAtSignIn, setupTotpAtSignIn } from "../second-factor/setup-sign-in"
import { forgetBrowser } from "../second-factor/trusted-browser"
import { recordSuccessfulSignIn } from "../sign-ins"
import { clientOf, sessionOf } from "./own-account-routes"
import { answerSession } from "./signed-in"

export async function secondFactorRoutes(app: FastifyInstance): Promise<void> {
  const { auth, clock, config } = app.services
  const settings = config.secondFactor
  const now = () => new Date(clock.now())
  const device = (req: Parameters<typeof readDeviceCookie>[0]) => auth.devices.read(readDeviceCookie(req))
  const byCookie = { before: rejectForeignOrigin }
  serveGroup(
    app,
    secondFactorApi,
    {
      verify: async ({ payload, req, reply }) => {
        const session = await completeWithCode(auth, payload, clientOf(req), device(req))
        await recordSuccessfulSignIn(auth, session, clientOf(req), now())
        return answerSession(req, reply, session, { trustBrowser: payload.trust_browser })
      },
      setupTotp: async ({ payload }) => setupTotpAtSignIn(auth, payload.token, settings.rpName),
      setupTotpConfirm: async ({ payload, req, reply }) => {
        const { session, codes } = await confirmTotpAtSignIn(auth, payload, clientOf(req), device(req))
        await recordSuccessfulSignIn(auth, session, clientOf(req), now())
        return { ...(await answerSession(req, reply, session)), recovery_codes: codes }
      },
      status: async ({ req }) => ownStatus(auth, req.user, await sessionOf(req)),
      startTotp: async ({ req }) => startTotp(auth.db, req.user, settings.rpName, now()),
      confirmTotp: async ({ payload, req }) => ({
        recovery_codes: await confirmTotp(auth.db, req.user.id, payload.code, now()),
      }),
      removeTotp: async ({ payload, req }) => {
        await confirmPassword(auth, req.user, payload.password, req.ip)
        await removeTotp(auth, req.user)
        return { detail: SECOND_FACTOR_MESSAGES.totpRemoved }
      },
      regenerateRecoveryCodes: async ({ payload, req }) => {
        await confirmPassword(auth, req.user, payload.password, req.ip)
        return { recovery_codes: await regenerateRecoveryCodes(auth, req.user) }
      },
      forgetBrowser: async ({ req }) => {
        await forgetBrowser(auth.db, req.user.id, await sessionOf(req))
        return { detail: SECOND_FACTOR_MESSAGES.browserForgotten }
      },
      policy: async () => ({ required: await requiredCategories(auth.db) }),
      setPolicy: async ({ payload }) => ({
        required: await setRequiredCategories(auth.db, payload.required),
      }),
      reset: async ({ params, payload, req }) => {
        await resetSecondFactors(auth, req.user, params.id, payload.reason)
        return { detail: SECOND_FACTOR_MESSAGES.reset }
      },
    },
    { verify: byCookie, setupTotp: byCookie, setupTotpConfirm: byCookie },
  )
}
