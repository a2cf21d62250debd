// Sign-in, refresh, sign-out and the profile, served from their description (src/schema/api/auth.ts; rules in
// docs/behaviour.md#sessions-on-the-server): routes decode with the shared Schema, call the auth domain, encode.
import type { FastifyInstance } from "fastify"
import { authApi } from "../../../src/schema/api/auth"
import { demoAccountsExist } from "../../accounts/demo-notice"
import { clientOf } from "../../accounts/http/own-account-routes"
import { answerSession } from "../../accounts/http/signed-in"
import { afterPassword } from "../../accounts/second-factor/sign-in-gate"
import { recordSignIn } from "../../accounts/sign-ins"
import { Unauthorized } from "../../errors"
import { rejectForeignOrigin } from "../../http/origin"
import { serveGroup } from "../../http/serve-endpoint"
import { unregisterDeviceOfSession } from "../../notifications/device-tokens"
import { MESSAGES } from "../constants"
import { checkPassword, logout, refreshSession } from "../session"
import { toUserJson, updateProfile } from "../users"
import { readDeviceCookie } from "./device-cookie"
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from "./refresh-cookie"

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { auth, clock, config, mail } = app.services
  // Login, refresh and logout are authenticated by credentials or the HttpOnly cookie, so a page of another
  // origin must not be able to make them.
  const byCookie = { before: rejectForeignOrigin }

  serveGroup(
    app,
    authApi,
    {
      // Failed sign-ins are limited per account and per address inside login(); successes are never limited.
      login: async ({ payload, req, reply }) => {
        const step = await recordSignIn(
          auth,
          payload.email,
          clientOf(req),
          async () =>
            afterPassword(
              auth,
              config.secondFactor,
              await checkPassword(auth, payload, req.ip, readDeviceCookie(req)),
            ),
          (answer) => ("session" in answer ? answer.session : null),
        )
        if (!("session" in step)) return step
        return answerSession(req, reply, step.session, { from: step.trustedNonce })
      },
      refresh: async ({ req, reply }) => {
        try {
          const { access, refresh } = await refreshSession(auth, readRefreshCookie(req))
          setRefreshCookie(req, reply, refresh)
          return { access }
        } catch (error) {
          // A cookie that cannot refresh never will: drop it so the browser stops sending it.
          if (error instanceof Unauthorized) clearRefreshCookie(req, reply)
          throw error
        }
      },
      logout: async ({ query, req, reply }) => {
        // Before the revoke: the cookie still names the user whose browser stops receiving push.
        await unregisterDeviceOfSession(auth.db, readRefreshCookie(req), query.device_id)
        await logout(auth, readRefreshCookie(req))
        clearRefreshCookie(req, reply)
        return { detail: MESSAGES.loggedOut }
      },
      signInNotice: async () => ({ demo_accounts: await demoAccountsExist(auth.db), mail: mail.on }),
      profile: async ({ req }) => toUserJson(req.user),
      updateProfile: async ({ payload, req }) =>
        toUserJson(await updateProfile(auth.db, req.user, payload, new Date(clock.now()))),
    },
    { login: byCookie, refresh: byCookie, logout: { ...byCookie, lenientQuery: true } },
  )
}
