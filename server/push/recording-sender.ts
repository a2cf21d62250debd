import type { PushOutcome, PushPayload, PushSender } from "./push-sender"

export interface RecordedPush {
  readonly tokens: ReadonlyArray<string>
  readonly payload: PushPayload
}

export interface RecordingSender extends PushSender {
  /** Every send, in order. */
  readonly sent: RecordedPush[]
  /** Tokens to answer as unregistered from now on, as Firebase does for an uninstalled browser. */
  readonly forget: (token: string) => void
}

/** The test double: remembers what would have been pushed and plays back "unregistered" on request. */
export function recordingSender(): RecordingSender {
  const sent: RecordedPush[] = []
  const gone = new Set<string>()
  return {
    name: "recording",
    sent,
    forget: (token) => {
      gone.add(token)
    },
    send: async (tokens, payload): Promise<PushOutcome> => {
      sent.push({ tokens: [...tokens], payload })
      return { unregistered: tokens.filter((t) => gone.has(t)) }
    },
  }
}
