// Browser push leaves the server through this one seam: Firebase Admin in production (firebase-sender.ts), a
// recording sender in tests (recording-sender.ts). Neither knows about users, preferences or the database.

/** What one notification becomes on the wire. FCM data values are strings only. */
export interface PushPayload {
  readonly title: string
  readonly body: string
  readonly data: {
    readonly notification_id: string
    /** Present only when the notification has one. */
    readonly action_url?: string
  }
}

export interface PushOutcome {
  /** Tokens the push service reports as no longer registered: the caller deletes them. */
  readonly unregistered: ReadonlyArray<string>
}

export interface PushSender {
  /** For the log line that says which sender is on. */
  readonly name: string
  /** Sends one payload to every token; a token that is gone is reported, not thrown. */
  readonly send: (tokens: ReadonlyArray<string>, payload: PushPayload) => Promise<PushOutcome>
}
