import { useSelector } from "@xstate/react"
import { type FormEvent, useEffect, useState } from "react"
import { Link, useLocation, useSearch } from "wouter"
import { SAVED_VIEW_UNAVAILABLE } from "../../machines/marketplace/saved-views.machine"
import type { PageRefOf } from "../../machines/system/registry"
import type { SavedViewList } from "../../schema/marketplace/saved-views"
import * as ui from "../shared/ui.css"
import * as css from "./filters.css"
import { usePageActor } from "./page-logic"

// The saved views of a list (docs/behaviour.md#saved-views), above it: each a link to the list's address
// with its query, the team's marked; the current one named as such. Saving takes the list's place as it
// is (filters, search, assignee, order); the owner, or an admin for a shared one, renames and deletes.

interface Props {
  readonly list: SavedViewList
  readonly path: string
  /** The list's query text now, without its page. */
  readonly current: string
  readonly mayShare: boolean
}

/** The view a list's address names (`?view=<uuid>`, a view's own link), if any. */
const viewAsked = (search: string): string | null => new URLSearchParams(search).get("view")

export function SavedViews(props: Props) {
  // Read as the page opens: the list rewrites its address to its own query straight after.
  const search = useSearch()
  const [requested] = useState(() => viewAsked(search))
  const actor = usePageActor("savedViews", { list: props.list, requested })
  if (!actor) return null
  return <SavedViewsBar {...props} actor={actor} />
}

function SavedViewsBar({ path, current, mayShare, actor }: Props & { actor: PageRefOf<"savedViews"> }) {
  const views = useSelector(actor, (s) => s.context.views)
  const state = useSelector(actor, (s) => String(s.value))
  const error = useSelector(actor, (s) => s.context.error)
  const changeError = useSelector(actor, (s) => s.context.changeError)
  const [form, setForm] = useState<"closed" | "save" | "manage">("closed")
  const [name, setName] = useState("")
  const [shared, setShared] = useState(false)
  const [names, setNames] = useState<Readonly<Record<string, string>>>({})
  const busy = state === "changing"
  const opened = useSelector(actor, (s) => s.context.opened)
  const unavailable = useSelector(actor, (s) => s.context.unavailable)
  const asked = viewAsked(useSearch())
  const [, navigate] = useLocation()
  // A view's link followed while the list is open: the machine opens it once the views are known.
  useEffect(() => {
    if (asked !== null) actor.send({ type: "views.open", uuid: asked })
  }, [asked, actor])
  // The view asked for is known: the list goes to its query (in place of the view's link, for Back).
  useEffect(() => {
    if (opened) navigate(opened.query ? `${path}?${opened.query}` : path, { replace: true })
  }, [opened, path, navigate])

  const onSave = (e: FormEvent) => {
    e.preventDefault()
    actor.send({ type: "views.save", name, query: current, shared })
    setForm("closed")
    setName("")
    // Each save asks afresh whether to share: a private view never goes to the team by a box left ticked.
    setShared(false)
  }
  return (
    <div>
      <nav aria-label="Saved views" className={css.bar}>
        <span className={ui.muted}>Views:</span>
        {views.length === 0 && state === "ready" ? <span className={ui.muted}>none saved yet</span> : null}
        {views.map((v) => (
          <Link
            key={v.uuid}
            href={v.query ? `${path}?${v.query}` : path}
            className={css.chip}
            aria-current={v.query === current ? "page" : undefined}
          >
            {v.name}
            {v.shared ? " · team" : ""}
          </Link>
        ))}
        <button
          type="button"
          className={ui.button.ghost}
          onClick={() => setForm(form === "save" ? "closed" : "save")}
        >
          Save view
        </button>
        {views.some((v) => v.editable) ? (
          <button
            type="button"
            className={ui.button.ghost}
            onClick={() => setForm(form === "manage" ? "closed" : "manage")}
          >
            Manage views
          </button>
        ) : null}
      </nav>
      {state === "failed" ? (
        <p className={ui.errorText} role="alert">
          {error}{" "}
          <button
            type="button"
            className={ui.button.ghost}
            onClick={() => actor.send({ type: "views.retry" })}
          >
            Try again
          </button>
        </p>
      ) : null}
      {unavailable ? (
        <p className={ui.errorText} role="alert">
          {SAVED_VIEW_UNAVAILABLE}
        </p>
      ) : null}
      {changeError ? (
        <p className={ui.errorText} role="alert">
          {changeError}
        </p>
      ) : null}
      {form === "save" ? (
        <form className={css.bar} onSubmit={onSave} aria-label="Save this view">
          <label className={ui.field} style={{ marginBottom: 0 }}>
            <span>View name</span>
            <input
              className={ui.input}
              value={name}
              required
              maxLength={60}
              onChange={(e) => setName(e.target.value)}
            />
          </label>
          {mayShare ? (
            <label className={css.option}>
              <input type="checkbox" checked={shared} onChange={(e) => setShared(e.target.checked)} />
              Share with the team
            </label>
          ) : null}
          <button type="submit" className={ui.button.primary} disabled={busy}>
            Save
          </button>
        </form>
      ) : null}
      {form === "manage" ? (
        <ul className={css.manage} aria-label="Manage saved views">
          {views
            .filter((v) => v.editable)
            .map((v) => (
              <li key={v.uuid} className={css.bar}>
                <label className={ui.field} style={{ marginBottom: 0 }}>
                  <span>Name of “{v.name}”</span>
                  <input
                    className={ui.input}
                    value={names[v.uuid] ?? v.name}
                    maxLength={60}
                    onChange={(e) => setNames({ ...names, [v.uuid]: e.target.value })}
                  />
                </label>
                <button
                  type="button"
                  className={ui.button.secondary}
                  disabled={busy}
                  onClick={() =>
                    actor.send({ type: "views.rename", uuid: v.uuid, name: names[v.uuid] ?? v.name })
                  }
                >
                  Rename
                </button>
                <button
                  type="button"
                  className={ui.button.danger}
                  disabled={busy}
                  onClick={() => actor.send({ type: "views.delete", uuid: v.uuid })}
                >
                  Delete “{v.name}”
                </button>
              </li>
            ))}
        </ul>
      ) : null}
    </div>
  )
}
