import { useSelector } from "@xstate/react"
import { useEffect, useRef } from "react"
import { Link } from "wouter"
import { type BulkOutcome, decidedElsewhereText, stillOpen } from "../../machines/marketplace/bulk-outcome"
import { type ListSource, positiveActionFor } from "../../machines/marketplace/marketplace-types"
import { linkTo } from "../../schema/system/app-routes"
import * as ui from "../shared/ui.css"
import type { BulkRef } from "./BulkSelection"
import { ConfirmDialog } from "./ConfirmDialog"
import * as claimCss from "./claim.css"
import * as css from "./marketplace.css"
import { ReasonDialog } from "./ReasonDialog"
import { recordNoun } from "./record-format"

// The bulk bar of a pending list (how many are ticked, the two decisions, the progress of a run), its
// dialogs, and the report of what happened to each record. The caller shows it only to users who may write.

const WORDS = {
  approve: { verb: "Approve", doing: "Approving" },
  accept: { verb: "Accept", doing: "Accepting" },
} as const

function BatchList({ titles }: { titles: ReadonlyArray<string> }) {
  return (
    <ul className={css.batch}>
      {titles.map((t, i) => (
        // Titles may repeat; their order in the batch does not change while the dialog is open.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <li key={i}>{t}</li>
      ))}
    </ul>
  )
}

/** The ticked records someone else has claimed, named with their holder (docs/behaviour.md#claims). */
function ClaimedNote({
  batch,
  holders,
}: {
  batch: ReadonlyArray<{ uuid: string; title: string }>
  holders: ReadonlyMap<string, string>
}) {
  const claimed = batch.flatMap((r) => {
    const holder = holders.get(r.uuid)
    return holder === undefined ? [] : [`${r.title} (${holder})`]
  })
  if (claimed.length === 0) return null
  return <p className={claimCss.claimedNote}>Claimed by someone else: {claimed.join(", ")}.</p>
}

export function BulkBar({
  actor,
  source,
  holders = new Map(),
}: {
  actor: BulkRef
  source: ListSource
  /** Rows held by someone else, by uuid, with the holder's name. */
  holders?: ReadonlyMap<string, string>
}) {
  const batch = useSelector(actor, (s) => s.context.batch)
  const state = useSelector(actor, (s) => s.value)
  // Ticked rows decided elsewhere are not counted, and are named beside the count.
  const ticked = useSelector(actor, (s) => s.context.rows.filter((r) => s.context.selected.includes(r.uuid)))
  const selected = stillOpen(ticked).length
  const decidedElsewhere = decidedElsewhereText(ticked)
  const titles = useSelector(actor, (s) => s.context.batch.map((r) => r.title))
  const progress = useSelector(actor, (s) => Math.min(s.context.outcomes.length + 1, s.context.batch.length))
  const rejecting = useSelector(actor, (s) => s.context.decision?.action === "reject")
  const words = WORDS[positiveActionFor(source)]
  const acting = typeof state === "object" && "acting" in state
  const noun = recordNoun(source, titles.length)
  return (
    <>
      <fieldset className={css.bulkBar} aria-label="Decide the selected records">
        <span aria-live="polite">
          {selected} selected
          {decidedElsewhere === null ? null : ` (decided elsewhere: ${decidedElsewhere})`}
        </span>
        <button
          type="button"
          className={ui.button.primary}
          disabled={selected === 0 || acting}
          onClick={() => actor.send({ type: "bulk.approve" })}
        >
          {words.verb} selected
        </button>
        <button
          type="button"
          className={ui.button.danger}
          disabled={selected === 0 || acting}
          onClick={() => actor.send({ type: "bulk.reject" })}
        >
          Reject selected
        </button>
        {acting ? (
          <span role="status">
            {rejecting ? "Rejecting" : words.doing} {progress} of {titles.length}…
          </span>
        ) : null}
      </fieldset>
      <ConfirmDialog
        open={state === "confirming"}
        title={`${words.verb} ${titles.length} ${noun}?`}
        confirmLabel={`${words.verb} ${titles.length}`}
        onCancel={() => actor.send({ type: "bulk.cancel" })}
        onConfirm={() => actor.send({ type: "bulk.confirm" })}
      >
        <BatchList titles={titles} />
        <ClaimedNote batch={batch} holders={holders} />
        <p>Each is decided on its own; everyone following them is told.</p>
      </ConfirmDialog>
      {state === "askingReason" ? (
        <ReasonDialog
          open
          title={`Reject ${titles.length} ${noun}`}
          onCancel={() => actor.send({ type: "bulk.cancel" })}
          onSubmit={(reason) => actor.send({ type: "bulk.submitReason", reason })}
        >
          <BatchList titles={titles} />
          <ClaimedNote batch={batch} holders={holders} />
          <p>The reason is given to each of them.</p>
        </ReasonDialog>
      ) : null}
    </>
  )
}

const RESULT_CLASS: Record<BulkOutcome["result"], string> = {
  done: ui.successText,
  conflict: ui.errorText,
  failed: ui.errorText,
}

/** What happened to each record of the last batch, until dismissed or the next batch starts. */
export function BulkReport({ actor, source }: { actor: BulkRef; source: ListSource }) {
  const outcomes = useSelector(actor, (s) => (s.matches("reported") ? s.context.outcomes : null))
  const ref = useRef<HTMLElement>(null)
  const shown = outcomes !== null
  // The button that started the batch was disabled while it ran and lost the focus: the report takes it, so
  // a keyboard or screen-reader user lands on what happened.
  useEffect(() => {
    if (shown) ref.current?.focus()
  }, [shown])
  if (outcomes === null) return null
  return (
    <section
      ref={ref}
      tabIndex={-1}
      className={`${ui.card} ${css.report}`}
      aria-labelledby="bulk-report-title"
    >
      <h2 id="bulk-report-title" className={css.reportTitle}>
        Results
      </h2>
      <ul aria-label="Results" className={css.batch}>
        {outcomes.map((o) => (
          <li key={o.uuid}>
            <Link href={linkTo.details(source, o.uuid)}>{o.title}</Link>:{" "}
            <span className={RESULT_CLASS[o.result]}>{o.message}</span>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className={ui.button.secondary}
        onClick={() => actor.send({ type: "bulk.dismiss" })}
      >
        Dismiss results
      </button>
    </section>
  )
}
