import type { FastifyReply, FastifyRequest } from "fastify"
import { forbidden } from "../../errors"
import { requireCategory } from "../../http/require-user"

// Who may do what in the marketplace: everyone signed in reads; admins and coordinators act; only an admin
// takes a record out of a final state.

export const STAFF_CATEGORIES = ["admin", "website_coordinator"] as const

export const requireStaff = requireCategory(...STAFF_CATEGORIES)

export async function requireAdminToReopen(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireStaff(req, reply)
  if (req.user.user_category !== "admin") throw forbidden("Only an admin can reopen a decided record.")
}
