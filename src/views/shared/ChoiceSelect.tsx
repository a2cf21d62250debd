import * as ui from "./ui.css"

/** A labelled select over a fixed set of values, each with its words: the lists' filters and orders. */
export function ChoiceSelect<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string
  options: ReadonlyArray<readonly [T, string]>
  value: T
  onChange: (value: T) => void
}) {
  return (
    <label className={ui.field} style={{ marginBottom: 0 }}>
      <span>{label}</span>
      <select
        className={ui.input}
        value={value}
        onChange={(e) => {
          const chosen = options.find(([v]) => v === e.target.value)
          if (chosen) onChange(chosen[0])
        }}
      >
        {options.map(([v, words]) => (
          <option key={v} value={v}>
            {words}
          </option>
        ))}
      </select>
    </label>
  )
}
