import { useSelector } from "@xstate/react"
import { FileText } from "lucide-react"
import { useRef } from "react"
import { imagesOf } from "../../machines/documents/documents.machine"
import type { PageRefOf } from "../../machines/system/registry"
import { isImage } from "../../schema/documents/kinds"
import { usePageActor } from "../marketplace/page-logic"
import { FailureCard } from "../shared/FailureCard"
import * as ui from "../shared/ui.css"
import { documentFacts, downloadUrl, fileSize } from "./document-words"
import * as css from "./documents.css"
import { ImageViewer } from "./ImageViewer"

/** A record's stored documents or photos: each with what it states, opened in the page or in a new tab. */
export function DocumentsPanel({ uuid, noun }: { uuid: string; noun: "documents" | "photos" }) {
  const actor = usePageActor("documents", { uuid })
  if (!actor) return <span className={ui.muted}>Loading {noun}…</span>
  return <Documents actor={actor} noun={noun} />
}

function Documents({ actor, noun }: { actor: PageRefOf<"documents">; noun: string }) {
  const loading = useSelector(actor, (s) => s.matches("loading"))
  const error = useSelector(actor, (s) => (s.matches("failed") ? s.context.error : null))
  const documents = useSelector(actor, (s) => s.context.documents)
  const openId = useSelector(actor, (s) => s.context.openId)
  const zoom = useSelector(actor, (s) => s.context.zoom)
  const opener = useRef<HTMLElement | null>(null)
  if (loading) return <span className={ui.muted}>Loading {noun}…</span>
  if (error !== null)
    return <FailureCard error={error} onRetry={() => actor.send({ type: "documents.retry" })} />
  if (documents.length === 0) return <>None</>
  const images = imagesOf(documents)
  const open = images.find((d) => d.id === openId) ?? null
  return (
    <>
      <ul className={css.list} aria-label={`Stored ${noun}`}>
        {documents.map((document) => (
          <li key={document.id} className={css.item}>
            {isImage(document.content_type) ? (
              <button
                type="button"
                className={css.thumbButton}
                aria-label={`View ${document.file_name}`}
                onClick={(e) => {
                  opener.current = e.currentTarget
                  actor.send({ type: "documents.open", id: document.id })
                }}
              >
                <img className={css.thumb} src={document.url} alt="" loading="lazy" />
              </button>
            ) : (
              <span className={css.fileIcon} aria-hidden="true">
                <FileText size={24} />
              </span>
            )}
            <span className={css.meta}>
              <span>
                {document.file_name} <span className={ui.muted}>({fileSize(document.size)})</span>
              </span>
              <span className={ui.muted}>{documentFacts(document)}</span>
              <span className={css.links}>
                {isImage(document.content_type) ? null : (
                  <a href={document.url} target="_blank" rel="noopener noreferrer">
                    Open {document.file_name}
                  </a>
                )}
                <a href={downloadUrl(document.url)} download={document.file_name}>
                  Download {document.file_name}
                </a>
              </span>
            </span>
          </li>
        ))}
      </ul>
      <ImageViewer
        image={open}
        position={open ? images.indexOf(open) + 1 : 0}
        count={images.length}
        zoom={zoom}
        send={(event) => actor.send(event)}
        returnTo={opener}
      />
    </>
  )
}
