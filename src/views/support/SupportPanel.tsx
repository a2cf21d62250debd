import { useEffect, useRef } from "react"
import * as css from "./support.css"
import { useSupport, useSupportSend } from "./support-hooks"
import { useSupportTables } from "./support-panel-hooks"
import { LOG_SIZE } from "./support-rows"

// The support panel (its own chunk): every actor of the system, the bus's messages and the last 500 events,
// live, from the trace recorder; nothing here needs the network.

export default function SupportPanel() {
  const send = useSupportSend()
  const filter = useSupport((v) => v.filter)
  const exporting = useSupport((v) => v.exporting)
  const exportError = useSupport((v) => v.exportError)
  const tables = useSupportTables(filter)
  const self = useRef<HTMLElement>(null)
  // Takes focus when it opens and gives it back when it closes: to what had it, or the page if that has gone
  // (the user menu's item closes with its menu).
  useEffect(() => {
    const opener = document.activeElement
    self.current?.focus()
    return () => {
      if (opener instanceof HTMLElement && opener.isConnected && opener !== document.body) opener.focus()
      else document.getElementById("main")?.focus()
    }
  }, [])

  return (
    <section
      ref={self}
      tabIndex={-1}
      role="dialog"
      aria-label="Support panel"
      className={css.panel}
      onKeyDown={(e) => {
        if (e.key === "Escape") send({ type: "support.close" })
      }}
    >
      <div className={css.header}>
        <h2 className={css.title}>Support panel</h2>
        <button
          type="button"
          className={css.button}
          disabled={exporting || !tables.recording}
          onClick={() => send({ type: "support.export" })}
        >
          {exporting ? "Exporting…" : "Export trace"}
        </button>
        <button type="button" className={css.button} onClick={() => send({ type: "support.close" })}>
          Close
        </button>
      </div>
      {exportError ? (
        <p role="alert" className={css.error}>
          {exportError}
        </p>
      ) : null}
      <div className={css.actors}>
        <table className={css.table} aria-label="Actors">
          <thead>
            <tr>
              <th scope="col">Actor</th>
              <th scope="col">Status</th>
              <th scope="col">State</th>
              <th scope="col">Context</th>
            </tr>
          </thead>
          <tbody>
            {tables.actors.map((a) => (
              <tr key={a.id} data-actor={a.label}>
                <th scope="row">{a.label}</th>
                <td>{a.status}</td>
                <td data-testid={`state-${a.label}`}>{a.state}</td>
                <td>{a.summary}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className={css.log}>
        <table className={css.table} aria-label="Bus messages">
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Publisher</th>
              <th scope="col">Fact</th>
              <th scope="col">Payload</th>
              <th scope="col">Delivered to</th>
            </tr>
          </thead>
          <tbody>
            {tables.bus.map((m) => (
              <tr key={m.seq} data-fact={m.fact}>
                <td>{m.time}</td>
                <td>{m.publisher}</td>
                <td>{m.fact}</td>
                <td>{m.payload}</td>
                <td>{m.delivered.length > 0 ? m.delivered.join(", ") : "support panel only"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <label className={css.filter}>
        Filter by actor
        <select
          value={filter ?? ""}
          onChange={(e) =>
            send({ type: "support.filter", actor: e.target.value === "" ? null : e.target.value })
          }
        >
          <option value="">All actors</option>
          {tables.choices.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
      <div className={css.log}>
        <table className={css.table} aria-label={`Last ${LOG_SIZE} events`}>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">From</th>
              <th scope="col">To</th>
              <th scope="col">Event</th>
              <th scope="col">Payload</th>
            </tr>
          </thead>
          <tbody>
            {tables.log.map((r) => (
              <tr key={r.seq}>
                <td>{r.time}</td>
                <td>{r.from}</td>
                <td>{r.to}</td>
                <td>{r.type}</td>
                <td>{r.payload}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
