import { useSelector } from "@xstate/react"
import { mayOfferMore, mayWithdraw } from "../../machines/marketplace/change-course.machine"
import type { RecordDetail } from "../../machines/marketplace/marketplace-types"
import type { PageRefOf } from "../../machines/system/registry"
import type { Offer, RequestKind } from "../../schema/marketplace/marketplace"
import { DialogFrame } from "../shared/DialogFrame"
import * as ui from "../shared/ui.css"
import * as css from "./marketplace.css"
import { OffersPanel } from "./OffersPanel"
import { usePageActor } from "./page-logic"
import { ReasonDialog } from "./ReasonDialog"

// The Offers table with the controls for changing course (docs/behaviour.md#offers), for staff who may choose
// providers: "Withdraw" on each open offer and "Offer more providers", each asking for a reason. The request
// shown after a change is the server's answer, and other people's changes arrive live with the record.

type Actor = PageRefOf<"changeCourse">

export function ChangeCourse({
  kind,
  uuid,
  record,
}: {
  kind: RequestKind
  uuid: string
  record: RecordDetail
}) {
  const course = usePageActor("changeCourse", { kind, uuid })
  const offers: ReadonlyArray<Offer> = "offers" in record ? record.offers : []
  if (!course) return <OffersPanel offers={offers} />
  return <Controls course={course} offers={offers} more={mayOfferMore(record)} />
}

function Controls({ course, offers, more }: { course: Actor; offers: ReadonlyArray<Offer>; more: boolean }) {
  const state = useSelector(course, (s) => s.value)
  const conflict = useSelector(course, (s) => s.context.conflict)
  const busy = state === "withdrawing" || state === "offering" || state === "loadingCandidates"
  return (
    <>
      {conflict ? (
        <p role="alert" className={`${ui.errorText} ${css.section}`}>
          {conflict}
        </p>
      ) : null}
      <OffersPanel
        offers={offers}
        action={(offer) =>
          mayWithdraw(offer) ? (
            <button
              type="button"
              className={ui.button.secondary}
              disabled={busy}
              aria-label={`Withdraw the offer to ${offer.provider.company_name}`}
              onClick={() => course.send({ type: "course.withdraw", offer })}
            >
              Withdraw
            </button>
          ) : null
        }
      />
      {more ? (
        <p className={css.actions}>
          <button
            type="button"
            className={ui.button.secondary}
            disabled={busy}
            onClick={() => course.send({ type: "course.offerMore" })}
          >
            Offer more providers
          </button>
          {busy ? (
            <span role="status">{state === "loadingCandidates" ? "Loading candidates…" : "Saving…"}</span>
          ) : null}
        </p>
      ) : null}
      <WithdrawDialog course={course} />
      <OfferMoreDialog course={course} />
    </>
  )
}

function WithdrawDialog({ course }: { course: Actor }) {
  const open = useSelector(course, (s) => s.matches("askingWithdraw") || s.matches("withdrawing"))
  const offer = useSelector(course, (s) => s.context.offer)
  const error = useSelector(course, (s) => s.context.error)
  if (!open) return null
  return (
    <ReasonDialog
      open
      title={`Withdraw the offer to ${offer?.provider.company_name ?? "this provider"}?`}
      submitLabel="Withdraw"
      onCancel={() => course.send({ type: "course.cancel" })}
      onSubmit={(reason) => course.send({ type: "course.submit", reason })}
    >
      <p>The provider can no longer accept the job. The reason is kept in the audit trail.</p>
      {error ? (
        <p role="alert" className={ui.errorText}>
          {error}
        </p>
      ) : null}
    </ReasonDialog>
  )
}

function OfferMoreDialog({ course }: { course: Actor }) {
  const open = useSelector(course, (s) => s.matches("choosing") || s.matches("offering"))
  const candidates = useSelector(course, (s) => s.context.candidates)
  const chosen = useSelector(course, (s) => s.context.chosen)
  const error = useSelector(course, (s) => s.context.error)
  if (!open) return null
  // Nobody left to offer it to: the dialog only says so (a reason would have nothing to apply to).
  if (candidates.length === 0)
    return (
      <DialogFrame
        open
        title="Offer the job to more providers"
        cancelLabel="Close"
        onCancel={() => course.send({ type: "course.cancel" })}
      >
        <p>{error}</p>
      </DialogFrame>
    )
  return (
    <ReasonDialog
      open
      title="Offer the job to more providers"
      submitLabel="Offer"
      tone="primary"
      onCancel={() => course.send({ type: "course.cancel" })}
      onSubmit={(reason) => course.send({ type: "course.submit", reason })}
    >
      <fieldset className={css.courseCandidates}>
        <legend>Providers without an offer, best fit first</legend>
        {candidates.map((c) => (
          <label key={c.uuid} className={css.courseCandidate}>
            <input
              type="checkbox"
              checked={chosen.includes(c.uuid)}
              onChange={() => course.send({ type: "course.toggle", uuid: c.uuid })}
            />
            <span>
              {c.company_name} <span className={ui.muted}>· score {c.score}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {error ? (
        <p role="alert" className={ui.errorText}>
          {error}
        </p>
      ) : null}
    </ReasonDialog>
  )
}
