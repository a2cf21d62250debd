import { useLiveParts } from "./live-parts-hooks"

/**
 * The team's shared views under a list's link in the sidebar. Nothing shows before the rest of the session runs
 * (their actor is part of it), so their code comes with the layout's live parts rather than in its
 * chunk before the first paint.
 */
export function SharedViewLinks({ href }: { href: string }) {
  const live = useLiveParts()
  return live ? <live.SharedViews href={href} /> : null
}
