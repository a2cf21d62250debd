import { useSelector } from "@xstate/react"
import { useEffect } from "react"
import type { ListSource } from "../../machines/marketplace/marketplace-types"
import type { Viewer } from "../../schema/live/presence"
import { useSystemActor } from "../system/app-context"

/**
 * Says which record this page shows for as long as it is shown, and returns who else views it now
 * (docs/behaviour.md#presence).
 */
export function useViewers(kind: ListSource, uuid: string): ReadonlyArray<Viewer> {
  const presence = useSystemActor("presence")
  useEffect(() => {
    const record = { kind, uuid }
    presence.send({ type: "presence.view", record })
    return () => presence.send({ type: "presence.leave", record })
  }, [presence, kind, uuid])
  return useSelector(presence, (s) => s.context.viewers)
}
