import { useSelector } from "@xstate/react"
import { type FormEvent, useId, useState } from "react"
import type { PageRefOf } from "../../machines/system/registry"
import { PASSKEY_NAME_MAX, type Passkey } from "../../schema/accounts/passkeys"
import * as ui from "../shared/ui.css"
import * as sf from "./second-factor.css"
import * as css from "./user-settings.css"
import { whenText } from "./user-settings-words"

type Ref = PageRefOf<"secondFactor"> | undefined

/** Your passkeys: each named, with when it was added and last used; add one, rename or remove it. */
export function PasskeyList({ actor, passkeys }: { actor: Ref; passkeys: ReadonlyArray<Passkey> }) {
  const adding = useSelector(actor, (s) => s?.matches({ change: "addingPasskey" }) ?? false)
  const busy = useSelector(actor, (s) => (s ? !s.matches({ change: "idle" }) : true))
  const [name, setName] = useState("")
  const nameId = useId()
  const add = (e: FormEvent) => {
    e.preventDefault()
    actor?.send({ type: "secondFactor.addPasskey", name: name.trim() })
    setName("")
  }
  return (
    <section aria-labelledby="passkeys-title">
      <h3 id="passkeys-title" className={css.sectionTitle}>
        Passkeys
      </h3>
      {passkeys.length === 0 ? (
        <p className={ui.muted}>No passkeys yet.</p>
      ) : (
        <ul className={css.list} aria-label="Your passkeys">
          {passkeys.map((p) => (
            <PasskeyRow key={p.id} actor={actor} passkey={p} busy={busy} />
          ))}
        </ul>
      )}
      <form className={css.form} onSubmit={add} noValidate>
        <label className={ui.field} htmlFor={nameId}>
          <span>New passkey's name</span>
          <input
            id={nameId}
            className={ui.input}
            maxLength={PASSKEY_NAME_MAX}
            placeholder="e.g. Work laptop"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <div>
          <button type="submit" className={ui.button.primary} disabled={busy || name.trim() === ""}>
            {adding ? "Waiting for your passkey…" : "Add a passkey"}
          </button>
        </div>
      </form>
    </section>
  )
}

function PasskeyRow({ actor, passkey, busy }: { actor: Ref; passkey: Passkey; busy: boolean }) {
  const [editing, setEditing] = useState<string | null>(null)
  const save = (e: FormEvent) => {
    e.preventDefault()
    if (editing !== null && editing.trim() !== "")
      actor?.send({ type: "secondFactor.renamePasskey", id: passkey.id, name: editing.trim() })
    setEditing(null)
  }
  return (
    <li className={sf.row}>
      {editing === null ? (
        <div className={sf.rowText}>
          <strong>{passkey.name}</strong>
          <span className={ui.muted}>
            Added {whenText(passkey.created_at)} · Last used{" "}
            {passkey.last_used_at ? whenText(passkey.last_used_at) : "never"}
          </span>
        </div>
      ) : (
        <form onSubmit={save} className={sf.actions}>
          <input
            className={ui.input}
            aria-label={`New name for ${passkey.name}`}
            maxLength={PASSKEY_NAME_MAX}
            value={editing}
            onChange={(e) => setEditing(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Escape") setEditing(null)
            }}
          />
          <button type="submit" className={ui.button.primary}>
            Save
          </button>
        </form>
      )}
      {editing === null ? (
        <div className={sf.actions}>
          <button
            type="button"
            className={ui.button.secondary}
            disabled={busy}
            aria-label={`Rename ${passkey.name}`}
            onClick={() => setEditing(passkey.name)}
          >
            Rename
          </button>
          <button
            type="button"
            className={ui.button.danger}
            disabled={busy}
            aria-label={`Remove ${passkey.name}`}
            onClick={() => actor?.send({ type: "secondFactor.removePasskey", id: passkey.id })}
          >
            Remove
          </button>
        </div>
      ) : null}
    </li>
  )
}
