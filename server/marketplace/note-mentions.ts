import type { NoteMention } from "../../src/schema/marketplace/notes"

// Who a note's `@` names (docs/behaviour.md#internal-notes), read at each `@` in turn: a colleague's full name
// ('@Cora Second'), else the part of an email before the @ ('@cora'), else the first word of a full name
// ('@Corey'), all in any case. A first name two colleagues share names neither: the note is refused saying who
// matched, since guessing would tell the wrong person and silence would leave the right one untold.

export interface Colleague {
  readonly id: number
  readonly full_name: string
  readonly email: string
}

export interface Mentions {
  readonly mentioned: NoteMention[]
  /** Each first name that matched more than one colleague, with their full names. */
  readonly ambiguous: ReadonlyArray<{ readonly word: string; readonly names: ReadonlyArray<string> }>
}

const AT_WORD = /@([\p{L}\p{N}._-]+)/gu

export function mentionsOf(body: string, colleagues: ReadonlyArray<Colleague>): Mentions {
  const lower = body.toLowerCase()
  const named = new Set<number>()
  const ambiguous = new Map<string, string[]>()
  for (const match of lower.matchAll(AT_WORD)) {
    const rest = lower.slice((match.index ?? 0) + 1)
    const byFullName = colleagues.filter((c) => rest.startsWith(c.full_name.toLowerCase()))
    const word = (match[1] ?? "").replace(/[._-]+$/, "")
    const byEmail = colleagues.filter((c) => c.email.split("@")[0]?.toLowerCase() === word)
    const byFirstName = colleagues.filter((c) => c.full_name.trim().split(/\s+/)[0]?.toLowerCase() === word)
    const found = byFullName.length > 0 ? byFullName : byEmail.length > 0 ? byEmail : byFirstName
    if (found === byFirstName && byFirstName.length > 1) {
      // As written, not lower-cased: the author recognises their own words.
      const written = body.slice((match.index ?? 0) + 1, (match.index ?? 0) + 1 + word.length)
      ambiguous.set(
        written,
        byFirstName.map((c) => c.full_name),
      )
      continue
    }
    for (const c of found) named.add(c.id)
  }
  return {
    mentioned: colleagues.filter((c) => named.has(c.id)).map((c) => ({ id: c.id, full_name: c.full_name })),
    ambiguous: [...ambiguous].map(([word, names]) => ({ word, names })),
  }
}

/** The 400's words for first names that match several colleagues. */
export const ambiguityDetail = (ambiguous: Mentions["ambiguous"]): string =>
  ambiguous
    .map(
      ({ word, names }) =>
        `@${word} could be ${names.slice(0, -1).join(", ")} or ${names.at(-1)}: write the full name.`,
    )
    .join(" ")
