import { Schema } from "effect"
import { ProfileErrorBody } from "../../schema/system/errors"
import { TabMessage } from "../../schema/tabs/tabs"

// Everything the startup code decodes with, in a chunk of its own that ./load-decoding.ts fetches on first use.

/** An answer decoded by the schema its caller named. */
export const decodeUnknown = Schema.decodeUnknownEffect

/** Another tab's message, which may come from another version of the app. */
export const decodeTabMessage = Schema.decodeUnknownResult(TabMessage)

/** A refusal's words: `{detail}`, or a profile update's `{message}`. */
export const decodeErrorBody = Schema.decodeUnknownResult(ProfileErrorBody)
