import { useSelector } from "@xstate/react"
import { Link, useParams } from "wouter"
import { type ListSource, recordTitle } from "../../machines/marketplace/marketplace-types"
import { RECORD_LOAD_FAILED } from "../../machines/marketplace/review.machine"
import type { PageRefOf } from "../../machines/system/registry"
import { may } from "../../schema/auth/permissions"
import { linkTo } from "../../schema/system/app-routes"
import { Breadcrumbs, type Crumb } from "../shared/Breadcrumbs"
import { FailureCard } from "../shared/FailureCard"
import { Later } from "../shared/Later"
import { retryMayHelp } from "../shared/retry-may-help"
import { LoadingScreen } from "../shared/Spinner"
import * as ui from "../shared/ui.css"
import { useAuth } from "../system/app-context"
import { takeOpenedAhead } from "../system/opened-ahead"
import { AuditTrail } from "./AuditTrail"
import { ChangeCourse } from "./ChangeCourse"
import { ChangeMark } from "./ChangeMark"
import { ClaimBar } from "./ClaimBar"
import { formatWhen } from "./format"
import * as css from "./marketplace.css"
import { NoProviderWarning } from "./NoProviderWarning"
import { NotesPanel } from "./NotesPanel"
import { OffersPanel } from "./OffersPanel"
import { PresenceNote } from "./PresenceNote"
import { usePageActor } from "./page-logic"
import { RecordFacts } from "./RecordFacts"
import { ReviewActions } from "./ReviewActions"
import { listOf, recordNoun } from "./record-format"

const HEADING: Record<ListSource, string> = {
  work: "Work request",
  maintenance: "Maintenance request",
  application: "Company application",
}

function Detail({ kind, uuid }: { kind: ListSource; uuid: string }) {
  const actor = usePageActor("review", { kind, uuid }, (session, input) =>
    takeOpenedAhead(session, "review", input),
  )
  if (!actor) return <LoadingScreen />
  return <DetailView actor={actor} kind={kind} uuid={uuid} />
}

function DetailView({ actor, kind, uuid }: { actor: PageRefOf<"review">; kind: ListSource; uuid: string }) {
  const state = useSelector(actor, (s) => s.value)
  const record = useSelector(actor, (s) => s.context.record)
  const error = useSelector(actor, (s) => s.context.error)
  const conflict = useSelector(actor, (s) => s.context.conflict)
  const mark = useSelector(actor, (s) => s.context.mark)
  const mayDecide = useAuth((ctx) => may(ctx.user, "record.decide"))
  const mayChoose = useAuth((ctx) => may(ctx.user, "record.selectProviders"))

  const home: Crumb = { label: "Dashboard", href: linkTo.dashboard }
  if (state === "loading") return <LoadingScreen />
  if (state === "loadFailed" || record === null) {
    const pending = listOf(kind, "pending")
    return (
      <>
        <Breadcrumbs trail={[home, pending, { label: HEADING[kind] }]} />
        {/* The page keeps its heading, so that its landmark is still named when the record is not there. */}
        <h1 id="page-title" className={ui.pageTitle}>
          {HEADING[kind]}
        </h1>
        {retryMayHelp(error, RECORD_LOAD_FAILED) ? (
          <FailureCard error={error} onRetry={() => actor.send({ type: "review.retry" })} />
        ) : (
          // The server answered that there is no such record: asking again gives the same answer.
          <FailureCard
            error={`This ${recordNoun(kind)} could not be found.`}
            instead={
              <p>
                It may have been removed, or the link is mistyped.{" "}
                <Link href={pending.href}>Go to {pending.label.toLowerCase()}</Link>
              </p>
            }
          />
        )}
      </>
    )
  }
  const title = recordTitle(record)
  return (
    <>
      <Breadcrumbs trail={[home, listOf(kind, record.status), { label: title }]} />
      <h1 id="page-title" className={ui.pageTitle}>
        {HEADING[kind]}: {title}
      </h1>
      {/* Changed by someone else while open: said where it happened, without moving focus. */}
      <p role="status" className={css.section} hidden={!mark}>
        <ChangeMark mark={mark} />
      </p>
      <PresenceNote kind={kind} uuid={uuid} />
      {"waiting_since" in record && record.waiting_since && record.status === "pending" ? (
        <p className={css.section}>
          <strong>Waiting for the applicant since {formatWhen(record.waiting_since)}</strong>
        </p>
      ) : null}
      {conflict ? (
        <p role="alert" className={ui.errorText}>
          {conflict}
        </p>
      ) : null}
      {state === "failed" && error ? (
        <p role="alert" className={ui.errorText}>
          {error}
        </p>
      ) : null}
      <div className={ui.card}>
        <ClaimBar review={actor} kind={kind} uuid={uuid} noun={recordNoun(kind)} />
        <NoProviderWarning record={record} />
        <RecordFacts record={record} />
        {/* A read-only viewer sees no actions at all, not disabled ones. */}
        {mayDecide ? <ReviewActions actor={actor} noun={recordNoun(kind)} /> : null}
        {/* Providers are chosen once (a second choice is refused until an admin reopens the request). */}
        {mayChoose &&
        kind !== "application" &&
        record.status === "approved" &&
        "selected_providers" in record &&
        record.selected_providers.length === 0 ? (
          <p className={css.actions}>
            <Link href={linkTo.selectProviders(kind, uuid)} className={ui.button.secondary}>
              Choose providers
            </Link>
          </p>
        ) : null}
      </div>
      {/* Below the first screen: built once the record has painted (the notes open their own machine). */}
      <Later>
        {"offers" in record && (record.status === "approved" || record.offers.length > 0) ? (
          mayChoose && kind !== "application" ? (
            <ChangeCourse kind={kind} uuid={uuid} record={record} />
          ) : (
            <OffersPanel offers={record.offers} />
          )
        ) : null}
        {mayDecide ? <NotesPanel target={{ kind, uuid }} /> : null}
        <AuditTrail entries={record.audit} record={record.uuid} />
      </Later>
    </>
  )
}

/** /work-request-details/{uuid}, /maintenance-request-details/{uuid} and applications/{uuid}. */
export function DetailPage({ kind }: { kind: ListSource }) {
  const { uuid = "" } = useParams<{ uuid: string }>()
  return (
    <section className={ui.page} aria-labelledby="page-title">
      {/* A new uuid is a new record: the key starts a fresh machine for it. */}
      <Detail key={uuid} kind={kind} uuid={uuid} />
    </section>
  )
}

export const WorkDetailPage = () => <DetailPage kind="work" />
export const MaintenanceDetailPage = () => <DetailPage kind="maintenance" />
export const ApplicationDetailPage = () => <DetailPage kind="application" />
