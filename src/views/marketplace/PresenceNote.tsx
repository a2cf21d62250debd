import type { ListSource } from "../../machines/marketplace/marketplace-types"
import { Later } from "../shared/Later"
import * as css from "./claim.css"
import { useViewers } from "./presence-hooks"

/**
 * Who else has this record open now; nothing when nobody does. A polite live region: comings and goings are
 * read out. The region is there from the first render; saying that this page views the record (a message on
 * the live socket) waits for the page's first paint.
 */
export function PresenceNote({ kind, uuid }: { kind: ListSource; uuid: string }) {
  return (
    <p className={css.presence} role="status" aria-label="Also viewing">
      <Later>
        <Viewers kind={kind} uuid={uuid} />
      </Later>
    </p>
  )
}

function Viewers({ kind, uuid }: { kind: ListSource; uuid: string }) {
  const viewers = useViewers(kind, uuid)
  return (
    <>
      {viewers.length > 0 ? <span>Also viewing:</span> : null}
      {viewers.map((v) => (
        <span key={v.id} className={css.viewer}>
          {v.full_name}
        </span>
      ))}
    </>
  )
}
