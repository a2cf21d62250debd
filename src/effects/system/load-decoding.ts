// Effect's Schema (its parser, AST and issue formatter) is about a tenth of the JavaScript a sign-in visit would
// download, yet nothing on that page decodes anything until an answer or another tab's message arrives. The
// startup code therefore reaches its decoders through this one dynamic import: the chunk is fetched with the
// first answer (on a signed-in page, alongside the refresh, with the session's other code) and then shared.
export const loadDecoding = () => import("./decoding")
