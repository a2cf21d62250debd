import { CsvText, ExportDownloadQuery, ExportLink, ExportRequest } from "../exports/exports"
import { endpoint, type GroupDocs, group } from "./endpoint"

// CSV exports in two steps: an authenticated call names the view and gets a short-lived signed address; the
// browser then opens that address as a plain download, which streams (a fetch saved as a blob would hold a
// 100,000-row file in the page's memory before the user sees anything).

export const EXPORTS_PATH = "/api/v1/exports/"
export const EXPORT_DOWNLOAD_PATH = "/api/v1/exports/download/"

export const exportsApi = group("exports", {
  create: endpoint({
    method: "POST",
    path: EXPORTS_PATH,
    callers: "signedIn",
    payload: ExportRequest,
    success: ExportLink,
    successStatus: 201,
    errors: [400, 401, 403],
  }),
  download: endpoint({
    method: "GET",
    path: EXPORT_DOWNLOAD_PATH,
    callers: "anyone",
    query: ExportDownloadQuery,
    success: CsvText,
    errors: [400, 401, 403],
  }),
})

/** The reference page's words for this group (server only: the browser's code never reads them). */
export const exportsDocs = {
  description:
    "CSV exports of a list, the notification inbox or the audit trail: every row of the view, in its order, streamed.",
  summaries: {
    create:
      "Checks the caller may read the view and answers a signed download address valid for a minute; the audit trail is for staff.",
    download:
      "Streams the CSV the address names (UTF-8 with a byte-order mark, RFC 4180, formula-like cells escaped); an expired, forged or signed-out address is 401.",
  },
} satisfies GroupDocs<typeof exportsApi>
