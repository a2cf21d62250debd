import type { KeyboardEvent, RefObject } from "react"
import type { DocumentsEvent } from "../../machines/documents/documents.machine"
import type { ViewableDocument } from "../../schema/documents/document"
import { DialogFrame } from "../shared/DialogFrame"
import * as ui from "../shared/ui.css"
import { documentFacts } from "./document-words"
import * as css from "./documents.css"

/** Keys of the viewer, as the events they send. */
const KEYS: Readonly<Record<string, DocumentsEvent>> = {
  ArrowRight: { type: "documents.next" },
  ArrowLeft: { type: "documents.previous" },
  "+": { type: "documents.zoomIn" },
  "=": { type: "documents.zoomIn" },
  "-": { type: "documents.zoomOut" },
  "0": { type: "documents.zoomReset" },
}

/**
 * An image in the page, in a modal dialog: zoom, next and previous (buttons and the arrow keys), Escape or
 * Close to leave, focus back on what opened it.
 */
export function ImageViewer({
  image,
  position,
  count,
  zoom,
  send,
  returnTo,
}: {
  image: ViewableDocument | null
  position: number
  count: number
  zoom: number
  send: (event: DocumentsEvent) => void
  returnTo: RefObject<HTMLElement | null>
}) {
  const onKeyDown = (e: KeyboardEvent) => {
    const event = KEYS[e.key]
    if (!event || e.altKey || e.ctrlKey || e.metaKey) return
    e.preventDefault()
    send(event)
  }
  return (
    <DialogFrame
      open={image !== null}
      title={image ? image.file_name : "Image"}
      description={image ? `${documentFacts(image)}. Image ${position} of ${count}.` : undefined}
      cancelLabel="Close"
      returnTo={returnTo}
      onCancel={() => send({ type: "documents.close" })}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the keys act on the dialog as a whole, whichever button has focus */}
      <div onKeyDown={onKeyDown}>
        <div className={css.viewerTools}>
          <button
            type="button"
            className={ui.button.secondary}
            onClick={() => send({ type: "documents.previous" })}
          >
            Previous image
          </button>
          <button
            type="button"
            className={ui.button.secondary}
            onClick={() => send({ type: "documents.next" })}
          >
            Next image
          </button>
          <button
            type="button"
            className={ui.button.secondary}
            onClick={() => send({ type: "documents.zoomOut" })}
          >
            Zoom out
          </button>
          <button
            type="button"
            className={ui.button.secondary}
            onClick={() => send({ type: "documents.zoomIn" })}
          >
            Zoom in
          </button>
          <button
            type="button"
            className={ui.button.ghost}
            onClick={() => send({ type: "documents.zoomReset" })}
          >
            {Math.round(zoom * 100)}%
          </button>
        </div>
        <div className={css.stage}>
          {image ? (
            <img
              className={css.image}
              src={image.url}
              alt={`${image.file_name} (${documentFacts(image)})`}
              data-zoom={zoom}
              style={{ transform: `scale(${zoom})` }}
            />
          ) : null}
        </div>
      </div>
    </DialogFrame>
  )
}
