import { useSelector } from "@xstate/react"
import { useEffect, useRef, useState } from "react"
import { useLocation, useSearch } from "wouter"
import type { StaffAction } from "../../machines/accounts/staff.machine"
import {
  hasStaffFilters,
  parseStaffSearch,
  sameStaffQuery,
  staffSearchString,
} from "../../machines/accounts/staff-query"
import type { PageRefOf } from "../../machines/system/registry"
import type { StaffMember, StaffQuery } from "../../schema/accounts/staff"
import { ROUTES } from "../../schema/system/app-routes"
import { ConfirmDialog } from "../marketplace/ConfirmDialog"
import { usePageActor } from "../marketplace/page-logic"
import { FailureCard } from "../shared/FailureCard"
import { LoadingScreen } from "../shared/Spinner"
import * as ui from "../shared/ui.css"
import { useAuth } from "../system/app-context"
import { IssuedLinkPanel } from "./IssuedLinkPanel"
import { SecondFactorPolicyPanel } from "./SecondFactorPolicyPanel"
import { CategoryDialog, HistoryDialog, InviteDialog, ResetSecondFactorDialog } from "./StaffDialogs"
import { StaffFilters } from "./StaffFilters"
import { displayName, type RowRequest, StaffTable } from "./StaffTable"
import * as css from "./staff.css"
import { accountCount, CONFIRM_WORDS, type ConfirmKind, STAFF_WORDS } from "./staff-words"

/**
 * /staff, for those who manage the team: every account with its category, status and last sign-in, searched
 * and filtered (kept in the URL), and the changes an admin makes, each confirmed in a dialog. The list follows
 * other admins' changes live.
 */
export default function StaffPage() {
  const search = useSearch()
  const staff = usePageActor("staff", { query: parseStaffSearch(search) })
  if (!staff) return <LoadingScreen />
  return <StaffView staff={staff} />
}

/** The dialog open, with the account as it was shown when the admin chose (its version goes with the change). */
type Dialog =
  | { readonly kind: "invite" }
  | { readonly kind: "category"; readonly member: StaffMember }
  | { readonly kind: "secondFactor"; readonly member: StaffMember }
  | { readonly kind: "confirm"; readonly confirm: ConfirmKind; readonly member: StaffMember }
  | null

function StaffView({ staff }: { staff: PageRefOf<"staff"> }) {
  const search = useSearch()
  const [, navigate] = useLocation()
  const me = useAuth((ctx) => ctx.user?.email ?? null)
  const state = useSelector(staff, (s) => String(s.value))
  const members = useSelector(staff, (s) => s.context.members)
  const error = useSelector(staff, (s) => s.context.error)
  const issued = useSelector(staff, (s) => s.context.issued)
  const query = useSelector(staff, (s) => s.context.query)
  const historyFor = useSelector(staff, (s) => s.context.historyFor)
  const history = useSelector(staff, (s) => s.context.history)
  const [dialog, setDialog] = useState<Dialog>(null)
  const inviteButton = useRef<HTMLButtonElement>(null)

  // The URL is the filters' source: typing, Back and a reload all land here.
  useEffect(() => {
    const wanted = parseStaffSearch(search)
    if (!sameStaffQuery(wanted, staff.getSnapshot().context.query))
      staff.send({ type: "staff.search", query: wanted })
  }, [staff, search])
  const setQuery = (next: StaffQuery) => {
    const text = staffSearchString(next)
    navigate(text ? `${ROUTES.staff}?${text}` : ROUTES.staff, { replace: true })
  }

  const act = (action: StaffAction) => {
    setDialog(null)
    staff.send({ type: "staff.act", action })
  }
  const onRequest = (member: StaffMember, kind: RowRequest) => {
    const { id, version } = member
    if (kind === "history") staff.send({ type: "staff.history", id })
    else if (kind === "resend") act({ kind: "resend", id, version })
    else if (kind === "reset") act({ kind: "reset", id })
    else if (kind === "category") setDialog({ kind: "category", member })
    else if (kind === "secondFactor") setDialog({ kind: "secondFactor", member })
    else setDialog({ kind: "confirm", confirm: kind, member })
  }
  const confirm = dialog?.kind === "confirm" ? dialog : null
  const confirmWords = confirm ? CONFIRM_WORDS[confirm.confirm] : null
  const historyMember = members.find((m) => m.id === historyFor) ?? null
  const busy = state === "acting"
  const firstLoad = state === "loading" && members.length === 0

  return (
    <section className={ui.page} aria-labelledby="page-title">
      <div className={css.header}>
        <h1 id="page-title" className={ui.pageTitle}>
          {STAFF_WORDS.title}
        </h1>
        <button
          ref={inviteButton}
          type="button"
          className={ui.button.primary}
          onClick={() => setDialog({ kind: "invite" })}
        >
          {STAFF_WORDS.invite}
        </button>
      </div>
      <p className={ui.muted}>{STAFF_WORDS.intro}</p>
      <StaffFilters query={query} onChange={setQuery} />
      {error && state !== "failed" ? (
        <div role="alert" className={ui.card}>
          <p className={ui.errorText}>{error}</p>
          <button
            type="button"
            className={ui.button.secondary}
            onClick={() => staff.send({ type: "staff.dismiss" })}
          >
            Dismiss
          </button>
        </div>
      ) : null}
      {issued ? (
        <IssuedLinkPanel issued={issued} onDone={() => staff.send({ type: "staff.dismiss" })} />
      ) : null}
      <p className={css.status} role="status">
        {busy
          ? STAFF_WORDS.saving
          : state === "loading"
            ? STAFF_WORDS.loading
            : state === "failed"
              ? ""
              : accountCount(members.length)}
      </p>
      {state === "failed" ? (
        <FailureCard error={error} onRetry={() => staff.send({ type: "staff.reload" })} />
      ) : firstLoad ? null : members.length === 0 ? (
        <div className={`${ui.card} ${css.empty}`}>
          <p>{hasStaffFilters(query) ? STAFF_WORDS.noneMatch : STAFF_WORDS.noneYet}</p>
          {hasStaffFilters(query) ? (
            <button type="button" className={ui.button.secondary} onClick={() => setQuery({})}>
              Clear filters
            </button>
          ) : null}
        </div>
      ) : (
        <StaffTable members={members} me={me} busy={busy} onRequest={onRequest} />
      )}
      <SecondFactorPolicyPanel />

      <InviteDialog
        open={dialog?.kind === "invite"}
        onCancel={() => setDialog(null)}
        onInvite={(email, category) => act({ kind: "invite", email, category })}
      />
      <CategoryDialog
        member={dialog?.kind === "category" ? dialog.member : null}
        onCancel={() => setDialog(null)}
        onChange={(category) => {
          if (dialog?.kind === "category")
            act({ kind: "category", id: dialog.member.id, version: dialog.member.version, category })
        }}
      />
      <ConfirmDialog
        open={confirm !== null}
        title={confirm && confirmWords ? confirmWords.title(displayName(confirm.member)) : ""}
        confirmLabel={confirmWords?.action ?? ""}
        danger={confirmWords?.danger ?? false}
        onCancel={() => setDialog(null)}
        onConfirm={() => {
          if (confirm) act({ kind: confirm.confirm, id: confirm.member.id, version: confirm.member.version })
        }}
      >
        <p>{confirmWords?.text}</p>
      </ConfirmDialog>
      <ResetSecondFactorDialog
        member={dialog?.kind === "secondFactor" ? dialog.member : null}
        onCancel={() => setDialog(null)}
        onReset={(reason) => {
          if (dialog?.kind === "secondFactor")
            act({ kind: "resetSecondFactor", id: dialog.member.id, reason })
        }}
      />
      <HistoryDialog
        member={historyMember}
        history={history}
        onClose={() => staff.send({ type: "staff.closeHistory" })}
      />
    </section>
  )
}
