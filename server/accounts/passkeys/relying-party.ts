// Who the passkeys belong to: the relying party id (a host name) and the origins a passkey may be used from.
// Configured (WEBAUTHN_RP_ID, WEBAUTHN_ORIGINS) or, by default, the page's own host name and origin, so that a
// server reached at http://localhost:3000 works without configuration.
import type { FastifyRequest } from "fastify"
import type { SecondFactorSettings } from "../../config"

export interface RelyingParty {
  readonly id: string
  readonly name: string
  readonly origins: string[]
}

export function relyingPartyOf(req: FastifyRequest, settings: SecondFactorSettings): RelyingParty {
  return {
    id: settings.rpId ?? req.hostname,
    name: settings.rpName,
    origins: settings.origins ? [...settings.origins] : [`${req.protocol}://${req.host}`],
  }
}
