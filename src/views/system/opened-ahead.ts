import { nextPageKey, openPage } from "../../machines/system/pages"
import type { PageInputOf, PageKey, PageName, RefOf } from "../../machines/system/registry"

// One page's machine opened as its link is clicked, before the route renders (docs/behaviour.md#early-refresh):
// the click's render of the new route (the old page's teardown, the new one's frame) then runs while the
// page's data is already being asked for, where the page's own machine would ask only once that render is
// done. The page that opens with the same machine and input takes it over (usePageActor); one not taken is
// closed at the next click, or when the signed-in layout goes.

type Session = RefOf<"session">
type Held = { [P in PageName]: { page: P; key: PageKey<P>; input: string } }[PageName]

let held: Held | null = null

// Inputs are plain data parsed from the address, each by one function: their JSON tells two apart.
const inputKey = (input: unknown): string => JSON.stringify(input)

/** Opens this page's machine ahead, in place of any other opened ahead and not taken. */
export function openAhead<P extends PageName>(session: Session, page: P, input: PageInputOf<P>): void {
  dropOpenedAhead(session)
  const key = nextPageKey(page)
  held = { page, key, input: inputKey(input) } as Held
  session.send(openPage(page, key, input))
}

/** Closes the machine opened ahead, if one was not taken. */
export function dropOpenedAhead(session: Session): void {
  if (held) session.send({ type: "session.closePage", key: held.key })
  held = null
}

/** The key of the machine opened ahead for this page and input, handed over to the page, or null. */
export function takeOpenedAhead<P extends PageName>(
  _session: Session,
  page: P,
  input: PageInputOf<P>,
): PageKey<P> | null {
  if (!held || held.page !== page || held.input !== inputKey(input)) return null
  const { key } = held
  held = null
  return key as PageKey<P>
}
