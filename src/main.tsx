import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { Router } from "wouter"
import { noSessionHint } from "./effects/auth/session-hint-store"
import { readUiPreferences } from "./effects/shell/ui-preferences.actors"
import { inspectorRequested, loadInspector } from "./effects/support/inspector"
import { configFromEnv } from "./effects/system/config-env"
import { nextTask } from "./effects/system/idle"
import { startApp } from "./effects/system/start-app"
import { isPublicPath, ROUTES } from "./schema/system/app-routes"
import { RecorderProvider } from "./views/support/recorder-context"
import { App } from "./views/system/App"
import { AppProvider } from "./views/system/app-context"
import { preloadSignedInPage, preloadSignInPage } from "./views/system/routes"
import "./views/shell/theme.css"

async function main() {
  // A reload or a shared link to a signed-in page fetches that part of the app while the session is being
  // restored, rather than after; the sign-in page never loads it.
  if (!isPublicPath(window.location.pathname)) {
    preloadSignedInPage(window.location.pathname)
    void import("./effects/system/session.actors").catch(() => undefined)
  }
  // The sign-in form where it is the page: on its path, and wherever there is no session (a signed-in path then
  // sends the visitor there). Asked for now, it is awaited with a spinner rather than suspended on.
  if (window.location.pathname === ROUTES.login || noSessionHint()) preloadSignInPage()
  // The entry's modules were evaluated in this task; the root's start is one of its own, so that neither keeps
  // the page from answering for long (a slow phone takes several times as long over each).
  await nextTask()
  const inspect = inspectorRequested(window.location.search, import.meta.env.VITE_XSTATE_INSPECT)
    ? await loadInspector()
    : undefined
  const { actor, recorder } = startApp({
    config: configFromEnv(import.meta.env),
    ui: readUiPreferences(),
    inspect,
    supportRequested: new URLSearchParams(window.location.search).has("support"),
  })
  const root = document.getElementById("root")
  if (!root) throw new Error("index.html has no #root")
  createRoot(root).render(
    <StrictMode>
      <AppProvider actor={actor}>
        <RecorderProvider recorder={recorder}>
          <Router>
            <App />
          </Router>
        </RecorderProvider>
      </AppProvider>
    </StrictMode>,
  )
}

void main()
