import { useSelector } from "@xstate/react"
import { useEffect } from "react"
import { Link, useLocation, useParams } from "wouter"
import { narrowedByServer, visibleCandidates } from "../../machines/marketplace/candidate-filter"
import { CANDIDATES_LOAD_FAILED } from "../../machines/marketplace/select-providers.machine"
import type { PageRefOf } from "../../machines/system/registry"
import type { CandidateRequest, LeftOutCandidate } from "../../schema/marketplace/candidates"
import { MARKETPLACE_LIMITS, type RequestKind, serviceLabel } from "../../schema/marketplace/marketplace"
import { linkTo } from "../../schema/system/app-routes"
import { Breadcrumbs } from "../shared/Breadcrumbs"
import { FailureCard } from "../shared/FailureCard"
import { retryMayHelp } from "../shared/retry-may-help"
import { LoadingScreen } from "../shared/Spinner"
import * as ui from "../shared/ui.css"
import { CandidateFilters } from "./CandidateFilters"
import { CandidateFactors, CandidateScore, distanceText } from "./CandidateScore"
import { ConfirmDialog } from "./ConfirmDialog"
import {
  NO_CANDIDATES_HELP,
  noCandidatesReason,
  notApprovedReason,
  orderSentence,
  searchedFor,
} from "./candidate-words"
import * as table from "./card-table.css"
import * as css from "./marketplace.css"
import { usePageActor } from "./page-logic"
import { listOf, plural } from "./record-format"

/** One request's page: a new request (another uuid) is a new page, with a machine of its own. */
function Chooser({ kind, uuid }: { kind: RequestKind; uuid: string }) {
  const actor = usePageActor("selectProviders", { kind, uuid })
  // The list the request is in (pending, approved or rejected), once the candidates' answer has said; a
  // request that is not approved can still be opened here, and the trail must not say it is.
  const status = useSelector(actor, (s) => s?.context.request?.status ?? null)
  return (
    <>
      <Breadcrumbs
        trail={[
          { label: "Dashboard", href: linkTo.dashboard },
          ...(status === null ? [] : [listOf(kind, status)]),
          {
            label: kind === "work" ? "Work request" : "Maintenance request",
            href: linkTo.details(kind, uuid),
          },
          { label: "Select providers" },
        ]}
      />
      <h1 id="page-title" className={ui.pageTitle}>
        Select providers
      </h1>
      {actor ? <ChooserView actor={actor} kind={kind} uuid={uuid} /> : <LoadingScreen />}
    </>
  )
}

function ChooserView({
  actor,
  kind,
  uuid,
}: {
  actor: PageRefOf<"selectProviders">
  kind: RequestKind
  uuid: string
}) {
  const state = useSelector(actor, (s) => String(s.value))
  const ctx = useSelector(actor, (s) => s.context)
  // The rows answer the filter before: the load for the one shown failed, and can be asked again.
  const stale = useSelector(actor, (s) => s.matches("ready") && s.can({ type: "select.retry" }))
  const [, navigate] = useLocation()

  // The saved choice is shown where the request is: its detail page.
  useEffect(() => {
    if (state === "saved") navigate(linkTo.details(kind, uuid))
  }, [state, kind, uuid, navigate])

  if (state === "loading" && ctx.candidates.length === 0) return <LoadingScreen />
  if (state === "loadFailed")
    return (
      <FailureCard
        error={ctx.error}
        onRetry={
          retryMayHelp(ctx.error, CANDIDATES_LOAD_FAILED)
            ? () => actor.send({ type: "select.retry" })
            : undefined
        }
        // The server refused with a reason (no such request, or not one that takes providers): asking again
        // gets the same answer, so the way on is the request itself.
        instead={
          <p>
            <Link href={linkTo.details(kind, uuid)}>
              Go to the {kind === "work" ? "work" : "maintenance"} request
            </Link>
          </p>
        }
      />
    )
  const back = (
    <Link href={linkTo.details(kind, uuid)}>
      Back to the {kind === "work" ? "work" : "maintenance"} request
    </Link>
  )
  if (state === "notApproved")
    return (
      <div className={ui.card}>
        {ctx.request ? <RequestLine request={ctx.request} /> : null}
        {ctx.error ? (
          <p role="alert" className={ui.errorText}>
            {ctx.error}
          </p>
        ) : null}
        <p>{ctx.request ? notApprovedReason(kind, ctx.request) : null}</p>
        <p>{back}</p>
      </div>
    )
  // Nobody qualifies: say why, from the rule the server applied, and what can be done; no empty table. A list
  // the distance or capacity filter emptied keeps its table and filters, so that the filter can be undone.
  if (ctx.candidates.length === 0 && ctx.request && !narrowedByServer(ctx.listedFor))
    return (
      <>
        <RequestLine request={ctx.request} />
        {ctx.error ? (
          <p role="alert" className={ui.errorText}>
            {ctx.error}
          </p>
        ) : null}
        <div className={ui.card}>
          <p>
            <strong>{noCandidatesReason(ctx.request)}</strong>
          </p>
          <p>{NO_CANDIDATES_HELP}</p>
          <p>
            <Link href={linkTo.list("application", "pending")}>Review pending applications</Link> · {back}
          </p>
        </div>
      </>
    )
  const visible = visibleCandidates(ctx)
  const names = ctx.candidates.filter((c) => ctx.chosen.includes(c.uuid)).map((c) => c.company_name)
  return (
    <>
      {ctx.request ? <RequestLine request={ctx.request} /> : null}
      {ctx.error ? (
        <p role="alert" className={ui.errorText}>
          {ctx.error}{" "}
          {stale ? (
            <button
              type="button"
              className={ui.button.secondary}
              onClick={() => actor.send({ type: "select.retry" })}
            >
              Try again
            </button>
          ) : null}
        </p>
      ) : null}
      <div className={css.toolbar}>
        <CandidateFilters filter={ctx} onChange={(f) => actor.send({ type: "select.filter", ...f })} />
        <button
          type="button"
          className={ui.button.primary}
          disabled={ctx.chosen.length === 0 || state !== "ready"}
          onClick={() => actor.send({ type: "select.confirm" })}
        >
          Choose {plural(ctx.chosen.length, "provider")}
        </button>
        {state === "saving" ? <span role="status">Saving…</span> : null}
        {state === "refetching" ? <span role="status">Updating the candidates…</span> : null}
      </div>
      <p className={ui.muted}>
        Up to {plural(MARKETPLACE_LIMITS.maxSelectedProviders, "provider")}.{" "}
        {plural(ctx.candidates.length, "candidate")}.{" "}
        {ctx.candidates[0] ? orderSentence(ctx.candidates[0].factors) : null}
      </p>
      <table className={table.table} aria-label="Candidates">
        <thead>
          <tr>
            <th className={`${table.cell} ${table.check}`} scope="col">
              Choose
            </th>
            {["Provider", "Rank", "Score", "Distance", "Services", "Area", "Rating", "Load", "Why"].map(
              (h) => (
                <th key={h} className={table.cell} scope="col">
                  {h}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {visible.map((c) => (
            <tr key={c.uuid}>
              <td className={`${table.cell} ${table.check}`}>
                <input
                  type="checkbox"
                  aria-label={`Choose ${c.company_name}`}
                  checked={ctx.chosen.includes(c.uuid)}
                  onChange={() => actor.send({ type: "select.toggle", uuid: c.uuid })}
                />
              </td>
              <td className={`${table.cell} ${table.lead}`}>
                {c.company_name}
                {c.document_warnings?.map((w) => (
                  <span key={w} className={css.documentWarning}>
                    {w}
                  </span>
                ))}
              </td>
              <td className={table.cell} data-label="Rank">
                {c.rank}
              </td>
              <td className={table.cell} data-label="Score">
                <CandidateScore candidate={c} />
              </td>
              <td className={table.cell} data-label="Distance">
                {distanceText(c.distance_km)}
              </td>
              <td className={table.cell} data-label="Services">
                {c.services.map(serviceLabel).join(", ")}
              </td>
              <td className={table.cell} data-label="Area">
                {c.service_area.join(", ")}
              </td>
              <td className={table.cell} data-label="Rating">
                {c.rating === null ? "Not rated" : c.rating.toFixed(1)}
              </td>
              <td className={table.cell} data-label="Load">
                {c.current_load} of {c.capacity} open
              </td>
              <td className={table.cell} data-label="Why">
                <CandidateFactors candidate={c} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {visible.length === 0 ? <p>No candidate matches the filter.</p> : null}
      <LeftOut leftOut={ctx.leftOut} />
      <ConfirmDialog
        open={state === "confirming"}
        title="Choose these providers?"
        confirmLabel="Confirm"
        onCancel={() => actor.send({ type: "select.cancel" })}
        onConfirm={() => actor.send({ type: "select.save" })}
      >
        <p>{names.join(", ")}</p>
      </ConfirmDialog>
    </>
  )
}

/** Providers that would qualify but are left out, each with why (docs/behaviour.md#documents). */
function LeftOut({ leftOut }: { leftOut: ReadonlyArray<LeftOutCandidate> }) {
  if (leftOut.length === 0) return null
  return (
    <section aria-label="Left out" className={css.section}>
      <h2 className={css.leftOutTitle}>Left out</h2>
      <ul>
        {leftOut.map((p) => (
          <li key={p.uuid}>
            {p.company_name}: {p.reason}
          </li>
        ))}
      </ul>
    </section>
  )
}

/** Which request the page is for, and what its candidates were searched by. */
function RequestLine({ request }: { request: CandidateRequest }) {
  return (
    <p>
      For <strong>{request.title}</strong>: providers offering {searchedFor(request)}.
    </p>
  )
}

function SelectProvidersPage({ kind }: { kind: RequestKind }) {
  const { uuid = "" } = useParams<{ uuid: string }>()
  return (
    <section className={ui.page} aria-labelledby="page-title">
      <Chooser key={uuid} kind={kind} uuid={uuid} />
    </section>
  )
}

export const WorkSelectProvidersPage = () => <SelectProvidersPage kind="work" />
export const MaintenanceSelectProvidersPage = () => <SelectProvidersPage kind="maintenance" />
