import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { Router } from "wouter"
import { configFromEnv } from "./effects/config"
import { inspectorRequested, loadInspector } from "./effects/inspector"
import { startApp } from "./effects/start-app"
import { readUiPreferences } from "./effects/ui-actors"
import { App } from "./views/App"
import { AppProvider } from "./views/app-context"
import "./views/theme.css"

async function main() {
  const inspect = inspectorRequested(window.location.search, import.meta.env.VITE_XSTATE_INSPECT)
    ? await loadInspector()
    : undefined
  const { actor } = startApp({ config: configFromEnv(import.meta.env), ui: readUiPreferences(), inspect })
  const root = document.getElementById("root")
  if (!root) throw new Error("index.html has no #root")
  createRoot(root).render(
    <StrictMode>
      <AppProvider actor={actor}>
        <Router>
          <App />
        </Router>
      </AppProvider>
    </StrictMode>,
  )
}

void main()
