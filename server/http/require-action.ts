import { type Action, categoriesFor } from "../../src/schema/auth/permissions"
import { requireCategory } from "./require-user"

/**
 * A preHandler for an action beyond reading: signed in (else 401) and of a category the permission table
 * allows it (else 403). The client hides the same actions by the same table.
 */
export const requireAction = (action: Action) => requireCategory(...categoriesFor(action))
