import { createHash } from "node:crypto"
import { createWriteStream } from "node:fs"
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { finished } from "node:stream/promises"
import type { Multipart } from "@fastify/multipart"
import type { FastifyRequest } from "fastify"
import { fileTypeFromBuffer } from "file-type"
import { DOCUMENT_LIMITS, EXTENSION_OF, type StoredType } from "../../src/schema/documents/kinds"
import { invalid, tooLarge, unsupportedType } from "../errors"
import { cleanFileName, isStoredType, typeNamed } from "./file-name"

// Reads an upload's parts as they arrive: its one JSON field, then each file into a temporary file of its
// own, hashed, measured and recognised from its first bytes on the way. A file is refused the moment it is
// seen to be wrong (its first bytes are not an allowed type; it passes the size limit), while the body still
// streams; nothing reaches the database until every part has arrived and passed, and the temporary files go
// when the request is done, stored or not. A file is never in memory whole: only the chunk in flight.

/** Bytes file-type reads to recognise every type it knows (its own constant). */
const SNIFF_BYTES = 4100

export interface SpooledFile {
  readonly path: string
  readonly fileName: string
  readonly contentType: StoredType
  readonly size: number
  readonly sha256: string
}

export interface Spooled {
  /** The `documents` field, as text, or null when none was sent. */
  readonly facts: string | null
  readonly files: readonly SpooledFile[]
  /** Removes the temporary files. */
  readonly cleanUp: () => Promise<void>
}

const MB = 1024 * 1024

const typeWords = (type: string): string =>
  type === "application/pdf" ? "a PDF" : `a ${type.slice(6).toUpperCase()} image`

async function recognise(head: Buffer, given: string, declared: string): Promise<StoredType> {
  const found = await fileTypeFromBuffer(head)
  if (!found || !isStoredType(found.mime))
    throw unsupportedType(
      `${given || "A file"} is not a PDF, JPEG, PNG or WebP file (judged by its contents).`,
    )
  const named = typeNamed(given)
  if (named !== null && named !== found.mime)
    throw unsupportedType(
      `${given} is ${typeWords(found.mime)} by its contents, but its name says .${EXTENSION_OF[named]}: rename it or send the right file.`,
    )
  if (isStoredType(declared) && declared !== found.mime)
    throw unsupportedType(`${given || "A file"} is ${typeWords(found.mime)}, but was sent as ${declared}.`)
  return found.mime
}

async function spoolFile(part: Extract<Multipart, { type: "file" }>, path: string): Promise<SpooledFile> {
  // A part sent as a file without a filename has none at all (the parser's type says string; it may not be).
  const given: string = part.filename ?? ""
  const mimetype: string = part.mimetype ?? ""
  const hash = createHash("sha256")
  const out = createWriteStream(path)
  let size = 0
  let head: Buffer[] | null = []
  let headBytes = 0
  let contentType: StoredType | null = null
  const overLimit = () =>
    tooLarge(`${given || "A file"} is over ${DOCUMENT_LIMITS.maxFileBytes / MB} MB, the limit for one file.`)
  // The parser stops passing bytes on at the limit but reads on to the part's end, which a body that never
  // ends never reaches: end the file here, so that the refusal goes out while the upload still streams.
  part.file.once("limit", () => part.file.destroy(overLimit()))
  try {
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      size += chunk.length
      if (part.file.truncated || size > DOCUMENT_LIMITS.maxFileBytes) throw overLimit()
      hash.update(chunk)
      if (head !== null) {
        head.push(chunk)
        headBytes += chunk.length
        if (headBytes >= SNIFF_BYTES) {
          contentType = await recognise(Buffer.concat(head), given, mimetype)
          head = null
        }
      }
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once("drain", () => resolve()))
    }
    if (part.file.truncated) throw overLimit()
    if (size === 0) throw invalid(`${given || "A file"} is empty.`)
    if (head !== null) contentType = await recognise(Buffer.concat(head), given, mimetype)
    out.end()
    await finished(out)
  } catch (error) {
    out.destroy()
    throw error
  }
  if (contentType === null) throw unsupportedType("The file's type could not be recognised.")
  return {
    path,
    fileName: cleanFileName(given, contentType),
    contentType,
    size,
    sha256: hash.digest("hex"),
  }
}

/**
 * Reads the whole upload; throws a domain error (400, 413, 415) at the first thing wrong. `checkFacts` sees
 * the documents field as it arrives, so that wrong facts are refused before any file is read.
 */
export async function spoolUpload(req: FastifyRequest, checkFacts: (text: string) => void): Promise<Spooled> {
  const dir = await mkdtemp(join(tmpdir(), "backoffice-upload-"))
  const cleanUp = () => rm(dir, { recursive: true, force: true })
  const files: SpooledFile[] = []
  let facts: string | null = null
  try {
    const parts = req.parts({
      limits: {
        fileSize: DOCUMENT_LIMITS.maxFileBytes,
        files: DOCUMENT_LIMITS.maxFilesPerRecord,
        // Room for stray fields, so that this code names them in its 400 rather than the parser's limit.
        fields: 10,
        fieldSize: 64 * 1024,
        parts: DOCUMENT_LIMITS.maxFilesPerRecord + 10,
      },
    })
    for await (const part of parts) {
      if (part.type === "field") {
        if (part.fieldname !== "documents") throw invalid(`${part.fieldname}: Unknown field.`)
        if (files.length > 0) throw invalid("documents: Send the documents field before the files.")
        if (part.valueTruncated) throw tooLarge("documents: The field is too long.")
        facts = String(part.value)
        checkFacts(facts)
        continue
      }
      if (part.fieldname !== "file") throw invalid(`${part.fieldname}: Unknown field; send files as "file".`)
      files.push(await spoolFile(part, join(dir, String(files.length))))
    }
    return { facts, files, cleanUp }
  } catch (error) {
    await cleanUp()
    throw translate(error)
  }
}

/** @fastify/multipart's own limits and malformed-body errors, as domain errors with words. */
function translate(error: unknown): unknown {
  const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : ""
  if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT")
    return tooLarge(`Send at most ${DOCUMENT_LIMITS.maxFilesPerRecord} files in one upload.`)
  if (code === "FST_FIELDS_LIMIT") return invalid("Send one documents field only.")
  if (code === "FST_REQ_FILE_TOO_LARGE")
    return tooLarge(`A file is over ${DOCUMENT_LIMITS.maxFileBytes / MB} MB, the limit for one file.`)
  if (code === "FST_PROTO_VIOLATION") return invalid("A field name is not allowed.")
  if (
    error instanceof Error &&
    /Unexpected end of (form|multipart)|terminated early|Malformed/i.test(error.message)
  )
    return invalid("The upload ended early or is malformed: nothing was stored.")
  return error
}
