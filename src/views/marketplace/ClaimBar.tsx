import { useSelector } from "@xstate/react"
import type { ActorRefFrom } from "xstate"
import { claimedBySentence } from "../../machines/marketplace/claims"
import type { ListSource } from "../../machines/marketplace/marketplace-types"
import type { reviewMachine } from "../../machines/marketplace/review.machine"
import type { PageRefOf } from "../../machines/system/registry"
import { may } from "../../schema/auth/permissions"
import type { Assignee } from "../../schema/marketplace/marketplace"
import { Later } from "../shared/Later"
import * as ui from "../shared/ui.css"
import { useAuth } from "../system/app-context"
import { ConfirmDialog } from "./ConfirmDialog"
import * as css from "./claim.css"
import { usePageActor } from "./page-logic"

// Who has claimed the record, and "Assign to me" / "Unassign" for those who may (docs/behaviour.md#claims).

export function ClaimBar({
  review,
  kind,
  uuid,
  noun,
}: {
  review: ActorRefFrom<typeof reviewMachine>
  kind: ListSource
  uuid: string
  noun: string
}) {
  const assignee = useSelector(review, (s) => s.context.record?.assignee ?? null)
  const mayClaim = useAuth((ctx) => may(ctx.user, "record.claim"))
  const userId = useAuth((ctx) => ctx.user?.id ?? null)
  const mine = assignee !== null && assignee.id === userId
  return (
    <div className={css.claimBar}>
      {assignee ? (
        <span>
          Assigned to <span className={css.assignee}>{mine ? "you" : assignee.full_name}</span>
        </span>
      ) : (
        <span className={css.unassigned}>Unassigned</span>
      )}
      {/* The claim's machine opens once the record has painted: its buttons follow by a frame. */}
      {mayClaim ? (
        <Later>
          <ClaimControls
            kind={kind}
            uuid={uuid}
            noun={noun}
            assignee={assignee}
            userId={userId}
            mine={mine}
          />
        </Later>
      ) : null}
    </div>
  )
}

function ClaimControls({
  kind,
  uuid,
  noun,
  ...who
}: {
  kind: ListSource
  uuid: string
  noun: string
  assignee: Assignee | null
  userId: number | null
  mine: boolean
}) {
  const claim = usePageActor("claim", { kind, uuid })
  if (!claim) return null
  return (
    <>
      <ClaimButtons claim={claim} {...who} />
      <ClaimDialog claim={claim} noun={noun} />
    </>
  )
}

/** Asks before taking or releasing someone else's claim, naming them. */
function ClaimDialog({ claim, noun }: { claim: PageRefOf<"claim">; noun: string }) {
  const confirming = useSelector(claim, (s) => s.matches("confirming"))
  const change = useSelector(claim, (s) => s.context.change)
  const holder = useSelector(claim, (s) => s.context.holder)
  const label = change === "unassign" ? "Unassign" : "Assign to me"
  return (
    <ConfirmDialog
      open={confirming}
      title={change === "unassign" ? `Release this ${noun}?` : `Take this ${noun} over?`}
      confirmLabel={label}
      onCancel={() => claim.send({ type: "claim.cancel" })}
      onConfirm={() => claim.send({ type: "claim.confirm" })}
    >
      <p>{holder ? claimedBySentence(holder, noun) : null}</p>
      <p>
        {change === "unassign"
          ? "Nobody will hold it until someone assigns it again."
          : "It will be yours instead; they see the change at once."}
      </p>
    </ConfirmDialog>
  )
}

function ClaimButtons({
  claim,
  assignee,
  userId,
  mine,
}: {
  claim: PageRefOf<"claim">
  assignee: Assignee | null
  userId: number | null
  mine: boolean
}) {
  const saving = useSelector(claim, (s) => s.matches("saving"))
  return (
    <>
      {mine ? null : (
        <button
          type="button"
          className={ui.button.secondary}
          disabled={saving}
          onClick={() => claim.send({ type: "claim.assign", assignee, userId })}
        >
          Assign to me
        </button>
      )}
      {assignee ? (
        <button
          type="button"
          className={ui.button.secondary}
          disabled={saving}
          onClick={() => claim.send({ type: "claim.unassign", assignee, userId })}
        >
          Unassign
        </button>
      ) : null}
      {saving ? <span role="status">Saving…</span> : null}
    </>
  )
}
