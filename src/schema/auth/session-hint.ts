// Its own module, with no Schema in it: the sign-in page reads it before any answer needs decoding (see
// src/effects/system/load-decoding.ts for why decoding code is fetched later).

/**
 * A cookie scripts may read, set and cleared with the HttpOnly refresh cookie and holding no secret ("1"): a
 * browser without it has no refresh cookie either, so the start-time refresh can fail locally instead of
 * asking the server for a 401 that every signed-out visit would log as a console error.
 */
export const SESSION_HINT_COOKIE = { name: "session_hint", path: "/" } as const
