import type { ListSource } from "../../machines/marketplace/marketplace-types"
import * as css from "./claim.css"
import { useViewers } from "./presence-hooks"

/** Who else has this record open now; nothing when nobody does. A polite live region: comings and goings are read out. */
export function PresenceNote({ kind, uuid }: { kind: ListSource; uuid: string }) {
  const viewers = useViewers(kind, uuid)
  return (
    <p className={css.presence} role="status" aria-label="Also viewing">
      {viewers.length > 0 ? <span>Also viewing:</span> : null}
      {viewers.map((v) => (
        <span key={v.id} className={css.viewer}>
          {v.full_name}
        </span>
      ))}
    </p>
  )
}
