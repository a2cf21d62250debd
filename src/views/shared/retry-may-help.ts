/** The server's answer when it failed on its side: the same request may well succeed later. */
const SERVER_FAULT = "Internal server error"

/**
 * Whether asking again could change the outcome: yes when no answer arrived (the page's own fallback text,
 * shown for network trouble and timeouts) or the server failed; no when the server explained a refusal (a
 * missing record: "Not found."), since the same request gets the same answer.
 */
export const retryMayHelp = (error: string | null, fallback: string): boolean =>
  error === null || error === fallback || error === SERVER_FAULT
