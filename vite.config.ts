/// <reference types="vitest/config" />
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin"
import react from "@vitejs/plugin-react"
import { defineConfig } from "vite"
import { EARLY_REFRESH_SCRIPT, EARLY_REFRESH_SLOT } from "./src/schema/early-refresh-script.ts"

// `npm run dev`: Vite serves the app and forwards the API and the socket to the real server.
const backend = process.env.BACKEND_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`

export default defineConfig({
  plugins: [
    react(),
    vanillaExtractPlugin(),
    // The refresh starts while the boot chunk downloads (docs/behaviour.md#early-refresh); the server's CSP
    // allows this script by its hash.
    {
      name: "early-refresh",
      transformIndexHtml: (html) =>
        html.replace(EARLY_REFRESH_SLOT, `<script>${EARLY_REFRESH_SCRIPT}</script>`),
    },
  ],
  // Every browser we support preloads modules natively: the polyfill would only add to the sign-in bundle.
  build: {
    outDir: "dist",
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 600,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // React, the router and XState, which every page runs. Effect is left to the bundler's own
              // splitting: a group takes every module its test matches, wherever it is used, so a group holding
              // Effect put the signed-in code's parts of it (HTTP cookies, addresses, Schema's helpers) in
              // every sign-in visit (`npm run bench:bundle -- --treemap` shows what each chunk holds).
              name: "boot",
              test: /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|xstate|@xstate[\\/]react|use-sync-external-store)[\\/]/,
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts"],
          globalSetup: ["test/e2e/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
