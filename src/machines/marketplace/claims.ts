import type { Assignee } from "../../schema/marketplace/marketplace"
import type { ListItem } from "./marketplace-types"

// Claims as the app reads them (docs/behaviour.md#claims): a record is "someone else's" when it has an
// assignee who is not the signed-in user. Acting on such a record asks for confirmation first.

/** The name of whoever else holds the record; null when nobody does or the user does. */
export const otherHolder = (
  assignee: Assignee | null | undefined,
  userId: number | null | undefined,
): string | null => (assignee != null && assignee.id !== userId ? assignee.full_name : null)

/** The sentence a confirmation adds when the record is someone else's. */
export const claimedBySentence = (holder: string, noun: string): string =>
  `${holder} has claimed this ${noun}.`

/** Rows held by someone else, by uuid, with the holder's name: what a bulk confirmation names. */
export const claimHolders = (
  rows: ReadonlyArray<ListItem>,
  userId: number | null | undefined,
): ReadonlyMap<string, string> => {
  const held = new Map<string, string>()
  for (const row of rows) {
    const holder = otherHolder(row.assignee, userId)
    if (holder !== null) held.set(row.uuid, holder)
  }
  return held
}
