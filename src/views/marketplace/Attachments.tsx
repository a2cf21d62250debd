import { FileText, Image } from "lucide-react"
import * as ui from "../shared/ui.css"
import * as css from "./marketplace.css"

interface File {
  readonly name: string
  /** What kind of document it is ("insurance certificate"), when known. */
  readonly note?: string
}

/**
 * The files a submission named. This demo keeps only their names (the public side that would store them is
 * not part of it), so they are listed as such rather than as links that lead nowhere.
 */
export function Attachments({ kind, files }: { kind: "document" | "photo"; files: ReadonlyArray<File> }) {
  if (files.length === 0) return <>None</>
  const Icon = kind === "photo" ? Image : FileText
  return (
    <>
      <ul className={css.attachments}>
        {files.map((file, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a submission may name one file twice; order is fixed
          <li key={index} className={css.attachment}>
            <Icon size={16} aria-hidden="true" />
            <span>
              {file.name}
              {file.note ? <span className={ui.muted}> ({file.note})</span> : null}
            </span>
          </li>
        ))}
      </ul>
      <span className={ui.muted}>Files are not stored in this demo: only their names were submitted.</span>
    </>
  )
}
