// `npm run dev`: the real server (API + socket) on PORT, and Vite with hot reload in front of it.
import { spawn } from "node:child_process"

const port = process.env.PORT ?? "3000"
const server = spawn(process.execPath, ["--watch", "--import", "tsx", "server/main.ts"], {
  stdio: "inherit",
  env: { ...process.env, PORT: port },
})
const vite = spawn("npx", ["vite", "--port", "5173"], {
  stdio: "inherit",
  env: { ...process.env, BACKEND_URL: `http://127.0.0.1:${port}` },
})
const stop = () => {
  server.kill("SIGTERM")
  vite.kill("SIGTERM")
}
process.on("SIGINT", stop)
process.on("SIGTERM", stop)
server.on("exit", (code) => {
  vite.kill("SIGTERM")
  process.exitCode = code ?? 0
})
