import { Effect } from "effect"
import { fromPromise } from "xstate"
import { type StaffAction, type StaffActionResult, staffMachine } from "../../machines/accounts/staff.machine"
import type { AccountHistory, InvitationIssued, StaffMember, StaffQuery } from "../../schema/accounts/staff"
import { secondFactorApi } from "../../schema/api/second-factor"
import { staffApi } from "../../schema/api/staff"
import { callEndpoint } from "../system/api-call"
import { Api } from "../system/api-client"

type Run = <A, E>(effect: Effect.Effect<A, E, Api>) => Promise<A>

const E = staffApi.endpoints

const fromInvitation = (issued: InvitationIssued): StaffActionResult => ({
  link: issued.invite_url,
  expiresAt: issued.expires_at,
  mail: issued.mail,
})
const NOTHING_TO_SHOW: StaffActionResult = { link: null, expiresAt: null, mail: null }

/** Each change the staff page makes, as the one call that makes it. */
function act(api: typeof Api.Service, action: StaffAction) {
  switch (action.kind) {
    case "invite":
      return callEndpoint(api, E.invite, {
        payload: { email: action.email, user_category: action.category },
      }).pipe(Effect.map(fromInvitation))
    case "resend":
      return callEndpoint(api, E.resendInvitation, {
        params: { id: String(action.id) },
        payload: { version: action.version },
      }).pipe(Effect.map(fromInvitation))
    case "revoke":
      return callEndpoint(api, E.revokeInvitation, {
        params: { id: String(action.id) },
        payload: { version: action.version },
      }).pipe(Effect.as(NOTHING_TO_SHOW))
    case "category":
    case "deactivate":
    case "reactivate":
      return callEndpoint(api, E.change, {
        params: { id: String(action.id) },
        payload:
          action.kind === "category"
            ? { version: action.version, user_category: action.category }
            : { version: action.version, status: action.kind === "deactivate" ? "deactivated" : "active" },
      }).pipe(Effect.as(NOTHING_TO_SHOW))
    case "resetSecondFactor":
      return callEndpoint(api, secondFactorApi.endpoints.reset, {
        params: { id: String(action.id) },
        payload: action.reason.trim() === "" ? {} : { reason: action.reason.trim() },
      }).pipe(Effect.as(NOTHING_TO_SHOW))
    case "reset":
      return callEndpoint(api, E.resetLink, { params: { id: String(action.id) } }).pipe(
        Effect.map((issued) => ({ link: issued.reset_url, expiresAt: issued.expires_at, mail: null })),
      )
  }
}

/** The staff page's calls: the list, a change, an account's history. */
export function provideStaff(run: Run) {
  return staffMachine.provide({
    actors: {
      loadStaff: fromPromise<readonly StaffMember[], StaffQuery>(({ input }) =>
        run(
          Api.use((api) =>
            callEndpoint(api, E.list, { query: input }).pipe(Effect.map((list) => list.results)),
          ),
        ),
      ),
      actOnStaff: fromPromise<StaffActionResult, StaffAction | null>(({ input }) =>
        input === null ? Promise.resolve(NOTHING_TO_SHOW) : run(Api.use((api) => act(api, input))),
      ),
      loadHistory: fromPromise<AccountHistory["results"], number>(({ input }) =>
        run(
          Api.use((api) =>
            callEndpoint(api, E.history, { params: { id: String(input) } }).pipe(
              Effect.map((history) => history.results),
            ),
          ),
        ),
      ),
    },
  })
}
