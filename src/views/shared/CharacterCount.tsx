import * as ui from "./ui.css"

const number = (n: number) => n.toLocaleString("en-GB")

/**
 * How much of a limited text field is used ("42 / 1,000"), so that text is never cut at the limit unseen. The
 * field points at it with aria-describedby; reaching the limit is said aloud once, not every keystroke.
 */
export function CharacterCount({ id, length, max }: { id: string; length: number; max: number }) {
  const full = length >= max
  return (
    <span id={id} className={full ? ui.countFull : ui.count}>
      {number(length)} / {number(max)} characters
      <span className="visually-hidden" aria-live="polite">
        {full ? `Limit of ${number(max)} characters reached.` : ""}
      </span>
    </span>
  )
}
