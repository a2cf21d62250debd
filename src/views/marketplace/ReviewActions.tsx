import { useSelector } from "@xstate/react"
import { useEffect, useRef } from "react"
import type { ActorRefFrom } from "xstate"
import { claimedBySentence, otherHolder } from "../../machines/marketplace/claims"
import { positiveActionFor } from "../../machines/marketplace/marketplace-types"
import type { reviewMachine } from "../../machines/marketplace/review.machine"
import { blockingEntries } from "../../schema/documents/checklist"
import type { ChecklistEntry } from "../../schema/marketplace/marketplace"
import { blockingSentence } from "../documents/checklist-words"
import * as ui from "../shared/ui.css"
import { useAuth } from "../system/app-context"
import { ConfirmDialog } from "./ConfirmDialog"
import * as claimCss from "./claim.css"
import * as css from "./marketplace.css"
import { ReasonDialog } from "./ReasonDialog"

/** The decision buttons and their dialogs; the caller renders this only for users who may write. */
export function ReviewActions({ actor, noun }: { actor: ActorRefFrom<typeof reviewMachine>; noun: string }) {
  const state = useSelector(actor, (s) => s.value)
  const kind = useSelector(actor, (s) => s.context.target.kind)
  const pending = useSelector(actor, (s) => s.context.record?.status === "pending")
  const positive = positiveActionFor(kind) === "accept" ? "Accept" : "Approve"
  const acting = state === "acting"
  const blocking = useSelector(
    actor,
    (s) => {
      const record = s.context.record
      return record !== null && "checklist" in record ? blockingEntries(record.checklist ?? []) : NONE
    },
    sameEntries,
  )
  // Someone else's claim is named in both confirmations (docs/behaviour.md#claims).
  const assignee = useSelector(actor, (s) => s.context.record?.assignee ?? null)
  const holder = otherHolder(
    assignee,
    useAuth((ctx) => ctx.user?.id ?? null),
  )
  const claimed = holder ? <p className={claimCss.claimedNote}>{claimedBySentence(holder, noun)}</p> : null
  // Decided elsewhere while a dialog is open: it says so, and only Cancel stays.
  const status = useSelector(actor, (s) => s.context.record?.status ?? null)
  const mark = useSelector(actor, (s) => s.context.mark)
  const overtaken =
    !pending && status !== null ? (
      <p role="alert" className={claimCss.claimedNote}>
        {decidedElsewhereSentence(noun, status, mark?.words ?? null)}
      </p>
    ) : null
  // Only a decision made here moves focus: one made elsewhere leaves it (and the scroll) where the user has it.
  useFocusKeptAfterDecision(pending, state === "done" || (typeof state === "object" && "conflict" in state))
  return (
    <>
      {pending ? (
        <div className={css.decisionBar}>
          <button
            type="button"
            className={ui.button.primary}
            disabled={acting}
            onClick={() => actor.send({ type: "review.approve" })}
          >
            {positive}
          </button>
          <button
            type="button"
            className={ui.button.danger}
            disabled={acting}
            onClick={() => actor.send({ type: "review.reject" })}
          >
            Reject
          </button>
          {kind === "application" ? (
            <button
              type="button"
              className={ui.button.secondary}
              disabled={acting}
              onClick={() => actor.send({ type: "review.requestInfo" })}
            >
              Request information
            </button>
          ) : null}
          {acting ? <span role="status">Saving…</span> : null}
        </div>
      ) : null}
      <ConfirmDialog
        open={state === "confirming"}
        title={`${positive} this ${noun}?`}
        confirmLabel={positive}
        onCancel={() => actor.send({ type: "review.cancel" })}
        onConfirm={pending ? () => actor.send({ type: "review.confirm" }) : null}
      >
        {overtaken ?? claimed}
        <p>Everyone following it is told at once.</p>
      </ConfirmDialog>
      {state === "askingReason" ? (
        <ReasonDialog
          open
          title={`Reject this ${noun}`}
          onCancel={() => actor.send({ type: "review.cancel" })}
          onSubmit={pending ? (reason) => actor.send({ type: "review.submitReason", reason }) : null}
        >
          {overtaken ?? claimed}
        </ReasonDialog>
      ) : null}
      {state === "askingOverride" ? (
        <ReasonDialog
          open
          title={`Accept without the required documents?`}
          label="Reason for the override"
          submitLabel="Accept anyway"
          tone="primary"
          onCancel={() => actor.send({ type: "review.cancel" })}
          onSubmit={pending ? (reason) => actor.send({ type: "review.submitOverride", reason }) : null}
        >
          {overtaken ?? claimed}
          <p>{blockingSentence(blocking)}. The reason is kept in the audit trail.</p>
        </ReasonDialog>
      ) : null}
      {state === "askingMessage" ? (
        <ReasonDialog
          open
          title="Request information from the applicant"
          label="Message to the applicant"
          submitLabel="Send request"
          tone="primary"
          onCancel={() => actor.send({ type: "review.cancel" })}
          onSubmit={pending ? (message) => actor.send({ type: "review.submitMessage", message }) : null}
        >
          {overtaken ?? claimed}
          <p>The message is kept on the record; the application waits for the applicant's documents.</p>
        </ReasonDialog>
      ) : null}
    </>
  )
}

const NONE: ReadonlyArray<ChecklistEntry> = []
const sameEntries = (a: ReadonlyArray<ChecklistEntry>, b: ReadonlyArray<ChecklistEntry>) =>
  a.length === b.length && a.every((e, i) => e.kind === b[i]?.kind && e.state === b[i]?.state)

/** "Approved by Corey Coordinator meanwhile: this work request is approved now." */
export function decidedElsewhereSentence(noun: string, status: string, words: string | null): string {
  return words === null
    ? `This ${noun} was decided in another tab: it is ${status} now.`
    : `${words} meanwhile: this ${noun} is ${status} now.`
}

/**
 * Deciding removes the buttons, and the closing dialog hands focus back to one of them (disabled while the
 * decision is saved): focus would fall to the page body and a keyboard user would start again from the top.
 * It goes to the page's main region instead.
 */
function useFocusKeptAfterDecision(pending: boolean, decidedHere: boolean) {
  const was = useRef({ pending, decidedHere })
  useEffect(() => {
    // The buttons went away because of a decision made here (the record may have been decided elsewhere while
    // the dialog was open: then the 409 is the moment they go).
    const changed = was.current.pending !== pending || was.current.decidedHere !== decidedHere
    if (changed && !pending && decidedHere && document.activeElement === document.body)
      document.getElementById("main")?.focus()
    was.current = { pending, decidedHere }
  }, [pending, decidedHere])
}
