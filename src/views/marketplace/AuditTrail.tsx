import type { AuditEntry } from "../../schema/marketplace/marketplace"
import { auditActionLabel, formatWhen } from "./format"
import * as css from "./marketplace.css"

/** Who did what to the record and when, oldest first, with the reason and the providers a step named. */
export function AuditTrail({ entries }: { entries: ReadonlyArray<AuditEntry> }) {
  return (
    <section className={css.section} aria-labelledby="audit-title">
      <h2 id="audit-title">Audit trail</h2>
      {entries.length === 0 ? <p>No history yet.</p> : null}
      {/* An empty list would still be announced as one ("list, 0 items"). */}
      <ol className={css.timeline} aria-label="Audit trail" hidden={entries.length === 0}>
        {entries.map((e) => (
          <li key={e.id}>
            <strong>{auditActionLabel(e.action)}</strong> by {e.actor_name} ·{" "}
            <time dateTime={e.at}>{formatWhen(e.at)}</time>
            {e.reason ? <p>Reason: {e.reason}</p> : null}
            {e.details.providers?.length ? (
              <p>Providers: {e.details.providers.map((p) => p.company_name).join(", ")}</p>
            ) : null}
            {e.details.released_providers?.length ? (
              <p>Released: {e.details.released_providers.map((p) => p.company_name).join(", ")}</p>
            ) : null}
            {e.details.provider ? <p>Provider: {e.details.provider.company_name}</p> : null}
            {e.details.previous_assignee ? (
              <p>
                {e.action === "assigned" ? "Taken over from" : "Claim released for"}{" "}
                {e.details.previous_assignee.full_name}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  )
}
