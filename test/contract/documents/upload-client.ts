// Builds multipart uploads the way the public marketplace's server would send them, with undici's FormData.
import { samplePdf, samplePng } from "../../../server/documents/sample-files"

export const KEY = "test-intake-key-documents-0123456789"

export const PDF = samplePdf(["Public liability insurance", "Policy PL-1234", "Insurer: Aviva"])
export const PNG = samplePng(32, 24, [
  [200, 60, 60],
  [60, 120, 200],
])

export const INSURANCE = { kind: "insurance", number: "PL-1234", issuer: "Aviva", expires_on: "2031-01-31" }

export interface Part {
  readonly name: string
  readonly bytes: Uint8Array
  readonly type?: string
}

export function uploadForm(facts: unknown, files: readonly Part[]): FormData {
  const form = new FormData()
  if (facts !== undefined) form.append("documents", JSON.stringify(facts))
  for (const file of files)
    form.append(
      "file",
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "application/octet-stream" }),
      file.name,
    )
  return form
}

export const applicationDocuments = (uuid: string) => `/api/v1/intake/company-applications/${uuid}/documents/`
export const workPhotos = (uuid: string) => `/api/v1/intake/work-requests/${uuid}/photos/`
export const maintenancePhotos = (uuid: string) => `/api/v1/intake/maintenance-requests/${uuid}/photos/`
export const documentsOf = (uuid: string) => `/api/v1/records/${uuid}/documents/`
