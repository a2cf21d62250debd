import type { Candidate, ScoreFactor } from "../../schema/marketplace/candidates"
import * as css from "./candidate-score.css"

// A candidate's score and what it is made of: each factor's points, its share of the score, and the fact
// behind it, so the order can be checked rather than trusted (docs/behaviour.md#choosing-providers).

const share = (f: ScoreFactor, score: number): number =>
  score === 0 ? 0 : Math.round((f.points / score) * 100)

export function CandidateScore({ candidate }: { candidate: Candidate }) {
  return <span className={css.score}>{candidate.score.toFixed(1)}</span>
}

export function CandidateFactors({ candidate }: { candidate: Candidate }) {
  return (
    <ul className={css.factors} aria-label={`Score of ${candidate.company_name}`}>
      {candidate.factors.map((f) => (
        <li key={f.key} className={css.factor}>
          {f.label} {f.points.toFixed(1)}/{f.max} · {share(f, candidate.score)}%
          <span className={css.bar} aria-hidden="true">
            <span className={css.barFill} style={{ width: `${(f.points / f.max) * 100}%` }} />
          </span>
          <span className={css.detail}>{f.detail}</span>
        </li>
      ))}
    </ul>
  )
}

/** "Distance 12 km" for the distance column. */
export const distanceText = (km: number | null): string => (km === null ? "Unknown" : `${Math.round(km)} km`)
