/// <reference types="vitest/config" />
import { availableParallelism } from "node:os"
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin"
import react from "@vitejs/plugin-react"
import { defineConfig, type Plugin } from "vite"
import { type BuiltChunk, preloadJson, signedInPreloads } from "./scripts/signed-in-preload.ts"
import { EARLY_REFRESH_SCRIPT, EARLY_REFRESH_SLOT } from "./src/schema/auth/early-refresh-script.ts"
import { PUBLIC_ROUTES } from "./src/schema/system/app-routes.ts"
import { SIGNED_IN_PRELOAD_ID } from "./src/schema/system/signed-in-preload.ts"
import { FALLBACK_PAGE_MODULE, PAGE_MODULES, SIGN_IN_PAGE_MODULE } from "./src/views/system/page-modules.ts"

// `npm run dev`: Vite serves the app and forwards the API and the socket to the real server.
const backend = process.env.BACKEND_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`

/** The modules of the "signed-in" chunk (with what they import that the entry and Effect's chunk hold not). */
/** The modules of the auth-records chunk (see its group below). */
const AUTH_RECORDS =
  /src[\\/](schema[\\/](api[\\/](auth|second-factor|passkeys|accounts|params)|accounts[\\/](sign-in-notice|second-factor|webauthn|passkeys|invitation|password-reset|password-rules)|auth[\\/]auth|system[\\/]errors|tabs[\\/]tabs)|effects[\\/]system[\\/]decoding)\.ts$/

const SIGNED_IN_CHUNK = new RegExp(
  [
    "views/system/signed-in-routes\\.tsx",
    "machines/live/held-position\\.ts",
    "views/notifications/bell\\.css\\.ts",
    "views/marketplace/(page-logic|format|marketplace\\.css)\\.ts",
    "views/marketplace/QueueWait\\.tsx",
    "views/exports/ExportButton\\.tsx",
    "machines/exports/export-view\\.ts",
  ]
    .map((path) => `src[\\\\/]${path.replaceAll("/", "[\\\\/]")}$`)
    .join("|"),
)

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin(), earlyRefresh()],
  resolve: {
    // The router and @xstate/react import the hook through its shim for React before 18, whose fallback copy of
    // the hook went into the boot chunk every page loads first; the package's plain entries hand out React's own.
    alias: [
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: "use-sync-external-store/with-selector",
      },
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: "use-sync-external-store" },
    ],
  },
  // Every browser we support preloads modules natively: the polyfill would only add to the sign-in bundle.
  build: {
    outDir: "dist",
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 600,
    modulePreload: {
      polyfill: false,
      // Before a dynamic import the build adds a preload link for each file the imported chunk needs, all in
      // the task that imports it. For the chunks fetched once the page has shown, with up to a dozen new files
      // each, that task ran 40–70 ms (most of it adding the links) on a quiet machine, four times that on a
      // slow phone: a click then waited for it. Without the links the browser fetches the same files as it
      // reads the chunk's imports, one round trip later, off the main thread.
      // The files index.html loads before any code runs (the entry, the packages' chunk and the bundler's
      // runtime) are named in no list: each name is a hashed file name in every chunk that imports on demand,
      // some 0.2 KB gzipped of what the dashboard needs before it shows, for links the browser would drop.
      resolveDependencies: (file, deps) =>
        AFTER_PAINT_CHUNK.test(file) ? [] : deps.filter((dep) => !LOADED_FIRST.test(dep)),
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Every page loads index.html's chunks before anything else, over HTTP/1.1's six connections per
          // host: each file more there queued the early refresh behind it. So what the entry imports
          // statically ($initial) is two chunks, the packages (kept apart so that a release of the app's own
          // code leaves them cached) and the app's code; the bundler merges the second into the entry.
          // Matching packages by path alone would be wrong: a group takes every module its test matches,
          // wherever it is used, and a group holding Effect put the signed-in code's parts of it (HTTP
          // cookies, addresses, Schema's helpers) in every sign-in visit. `$initial` takes only what the
          // entry runs (`npm run bench:bundle -- --treemap` shows what each chunk holds).
          groups: [
            { name: "boot", tags: ["$initial"], test: /node_modules[\\/]/, priority: 2 },
            { name: "app", tags: ["$initial"], priority: 1 },
            // Effect's core and the root's runtime on it, as one chunk: left to itself the bundler put the part
            // Schema shares in one chunk and the runtime's own part in another, and every page that makes a call
            // paid for both files and the imports between them. The group takes what these two import, and the
            // runtime's entry (the calls a sign-in visit makes once painted), half a KB of imports as a file of its own.
            {
              name: "Effect",
              test: /node_modules[\\/]effect[\\/]dist[\\/]ManagedRuntime\.js$|src[\\/]effects[\\/]system[\\/](app-)?runtime\.ts$/,
            },
            // What every signed-in page needs before it shows, as one chunk: the layout and the small parts the
            // dashboard, the lists and the details share. Left to itself the bundler made 10 files of 0.1–8 KB of
            // them, each a request on a signed-in first paint and each with its own imports to gzip. The session's
            // first actors stay a chunk of their own: when that one fails to arrive the app says so and offers
            // its retry (test/e2e/shell.test.ts), where a failed layout would only show a page's.
            { name: "signed-in", test: SIGNED_IN_CHUNK },
            // The records of the calls the runtime makes first (sign-in, refresh, profile, second factor,
            // passkeys, the public account calls) and the decoding of their answers, as one chunk: left to
            // itself the bundler made nine files of 0.3–1 KB of them, all asked for by every page that starts
            // the runtime, the sign-in page once painted and a signed-in reload before its first paint.
            { name: "auth-records", test: AUTH_RECORDS },
            // The layout's icons as one file: they come just after the first paint (../src/views/shared/Glyph.tsx),
            // and left to itself the bundler made a file of each icon the pages share, six requests more on a
            // signed-in reload, which over HTTP/1.1 queue behind each other.
            { name: "shell-icons", test: /src[\\/]views[\\/]shared[\\/]shell-icons\.ts$/ },
            // The sign-in form with its notice and the sign-in pages' styles, as one chunk: a signed-in start never
            // loads it, and without a session index.html's early script preloads it beside the entry. The paths'
            // checks it shares with the signed-in code's later chunks are one file of their own, not the entry's.
            {
              name: "LoginPage",
              test: /src[\\/]views[\\/](auth[\\/](LoginPage\.tsx|login\.css\.ts)|accounts[\\/]DemoNotice\.tsx)$/,
            },
            // The passkey ceremonies with the calls of a sign-in's steps after the password, as one chunk: the
            // sign-in page's passkey autofill needs both once it has painted, and a signed-in start neither.
            {
              name: "sign-in-steps",
              test: /src[\\/]effects[\\/]auth[\\/](passkey-ceremony|sign-in-step-calls)\.ts$/,
            },
            // How a record reads in the lists, its page and the provider choice, with the records' schema that
            // every one of those pages loads: as a file of its own it was one request more for each of them.
            {
              name: "marketplace",
              test: /src[\\/](schema[\\/]marketplace[\\/]marketplace|views[\\/]marketplace[\\/]record-format)\.ts$/,
            },
            {
              name: "app-path",
              test: /src[\\/](schema[\\/]system[\\/]app-path|machines[\\/]system[\\/]safe-app-path)\.ts$/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      "/api": { target: backend, changeOrigin: false },
      "/ws": { target: backend.replace(/^http/, "ws"), ws: true },
    },
  },
  test: {
    // Vitest's default on a 2-core machine is one worker, which ran every unit and contract file one after
    // another. Those files share nothing (each starts its own server on a port of its own and its own database),
    // and much of their time is waiting on sockets and timers: two at a time. The end-to-end files still run
    // alone, after them (fileParallelism below), so the browser tests never share the machine with them.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["test/unit/**/*.test.{ts,tsx}", "test/model/**/*.test.ts"] },
      },
      {
        extends: true,
        test: {
          name: "contract",
          include: ["test/contract/**/*.test.ts"],
          globalSetup: ["test/contract/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts"],
          globalSetup: ["test/e2e/global-setup.ts"],
          setupFiles: ["test/e2e/failure-report.ts"],
          testTimeout: 60_000,
          hookTimeout: 240_000,
          fileParallelism: false,
          // A poll waits for the browser, which on a shared 2-core CI machine can take longer than the 1 s
          // default (seen: the push check that runs after the first paint). A poll that succeeds returns at
          // once, so only a failing test waits the whole time.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
})

/**
 * Writes the early script into index.html (docs/behaviour.md#early-refresh): the server's CSP allows its text
 * by its hash. After a build it also writes, beside it, what each signed-in path needs beyond index.html's own
 * chunks, computed from the bundle, for the script to preload on a reload.
 */
function earlyRefresh(): Plugin {
  let root = process.cwd()
  let base = "/"
  return {
    name: "early-refresh",
    configResolved: (config) => {
      root = config.root
      base = config.base
    },
    transformIndexHtml: {
      order: "post",
      handler: (html, { bundle }) => {
        const chunks: BuiltChunk[] = Object.values(bundle ?? {}).flatMap((output) =>
          output.type === "chunk"
            ? [
                {
                  fileName: output.fileName,
                  isEntry: output.isEntry,
                  facadeModuleId: output.facadeModuleId,
                  moduleIds: output.moduleIds,
                  imports: output.imports,
                  dynamicImports: output.dynamicImports,
                  css: [...(output.viteMetadata?.importedCss ?? [])],
                },
              ]
            : [],
        )
        const preloads =
          chunks.length === 0
            ? ""
            : `<script type="application/json" id="${SIGNED_IN_PRELOAD_ID}">${preloadJson(
                signedInPreloads(chunks, {
                  root,
                  base,
                  publicPaths: PUBLIC_ROUTES,
                  pages: PAGE_MODULES,
                  fallbackPage: FALLBACK_PAGE_MODULE,
                  signInPage: SIGN_IN_PAGE_MODULE,
                  onDemand: ON_DEMAND,
                }),
              )}</script>`
        return html.replace(EARLY_REFRESH_SLOT, `${preloads}<script>${EARLY_REFRESH_SCRIPT}</script>`)
      },
    },
  }
}

/**
 * The chunks loaded once the page has shown whose files come without preload links (see modulePreload): the
 * rest of the session, the live parts, and every page but the dashboard (fetched ahead, one per idle period,
 * each adding a dozen links in one task otherwise). A reload of a page still preloads its files from
 * index.html's list (the early-refresh plugin), which this does not change.
 */
const AFTER_PAINT_CHUNK =
  /(^|\/)(session-rest\.actors|session-rest-services|live-parts|list-pages|[A-Z][A-Za-z]*Page)-[\w-]+\.js$/

/** The chunks index.html loads before anything else: the entry, the packages' chunk and the bundler's runtime. */
const LOADED_FIRST = /(^|\/)(index|boot|rolldown-runtime)-[\w-]+\.js$/

/**
 * Chunks the app imports only when asked, or once the page has shown (the rest of the session, the layout's
 * live parts and the user menu's items,
 * docs/architecture.md#start-up-order-the-page-shows-first-the-rest-follows): a signed-in reload does not
 * preload them, so that they do not take a connection or bandwidth from what the first paint needs.
 */
const ON_DEMAND: ReadonlyArray<RegExp> = [
  /src[\\/]effects[\\/]system[\\/]session-rest(\.actors|-services)\.ts$/,
  // The passkey ceremonies and the calls of a sign-in's steps after the password: never needed signed in.
  /src[\\/]effects[\\/]auth[\\/](passkey-ceremony|sign-in-step-calls)\.ts$/,
  // The signed-out pages the root routes to and the sign-in form's second step: a signed-in reload needs none.
  /src[\\/]views[\\/]accounts[\\/](InvitePage|ForgotPasswordPage|ResetPasswordPage)\.tsx$/,
  /src[\\/]views[\\/]auth[\\/]SignInStep\.tsx$/,
  // The sign-in form: a start without a session preloads it instead (the early script's own list).
  /src[\\/]views[\\/]auth[\\/]LoginPage\.tsx$/,
  // The signed-out pages' machines: a signed-in reload needs none of them either.
  /src[\\/]effects[\\/]accounts[\\/]sign-in-flows\.actors\.ts$/,
  // The list opened ahead of its page: it starts once the rest of the session runs.
  /src[\\/]views[\\/]marketplace[\\/]warm-list\.ts$/,
  /src[\\/]views[\\/]shell[\\/]live-parts\.tsx$/,
  /src[\\/]views[\\/]shell[\\/]UserMenuPopup\.tsx$/,
  /node_modules[\\/]@statelyai[\\/]inspect[\\/]/,
  /node_modules[\\/]sonner[\\/]/,
  /src[\\/]views[\\/]support[\\/]Support(Open|Panel)\.tsx$/,
  /src[\\/]effects[\\/]support[\\/]trace-download\.ts$/,
  /src[\\/]effects[\\/]push[\\/]push-messaging-(firebase|fake)\.ts$/,
]
