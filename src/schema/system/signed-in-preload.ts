// What index.html tells its early script to preload on a signed-in path, and without a session (docs/behaviour.md#early-refresh):
// written by the build (scripts/signed-in-preload.ts) into a JSON block the browser never runs, so the
// script's text, which the Content-Security-Policy allows by its hash, stays the same whatever the chunks are.
// Nothing imported: the server and vite.config.ts load this module as it is.

/** The id of the `<script type="application/json">` element holding the preloads. */
export const SIGNED_IN_PRELOAD_ID = "signed-in-preload"

/** Files are URLs of built chunks: `.css` files are preloaded as styles, the others as modules. */
export interface SignedInPreloads {
  /** Paths anyone may open: a reload there preloads nothing. */
  readonly public: ReadonlyArray<string>
  /** What every signed-in path needs at start: the session's chunks beyond those index.html already loads. */
  readonly shell: ReadonlyArray<string>
  /** Each route as an anchored regular expression of its path, with its page's chunks. */
  readonly routes: ReadonlyArray<readonly [pattern: string, files: ReadonlyArray<string>]>
  /** The page's chunks for a path no route matches (it redirects to the dashboard). */
  readonly fallback: ReadonlyArray<string>
  /** The sign-in form's chunks beyond index.html's: preloaded when there is no session (it is the page then). */
  readonly signIn: ReadonlyArray<string>
}
