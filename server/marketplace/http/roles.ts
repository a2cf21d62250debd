import type { FastifyReply, FastifyRequest } from "fastify"
import { categoryMay } from "../../../src/schema/auth/permissions"
import { forbidden } from "../../errors"
import { requireAction } from "../../http/require-action"

// Who may do what in the marketplace, as src/schema/auth/permissions.ts says: everyone signed in reads; admins and
// coordinators decide and choose providers; only an admin takes a record out of a final state.

/** Deciding and choosing providers (both need the same permission). */
export const requireStaff = requireAction("record.decide")

export async function requireAdminToReopen(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireStaff(req, reply)
  if (!categoryMay(req.user.user_category, "record.reopen"))
    throw forbidden("Only an admin can reopen a decided record.")
}
