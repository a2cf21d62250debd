// The baseline of bench/api-throughput.ts: a bare Fastify route answering a fixed body (the real page the
// API returned), with no auth, no database and no hooks — the ceiling for this machine and this framework.
import Fastify from "fastify"

const body = process.argv[2] ?? "{}"
const app = Fastify({ logger: false })
app.get("/bare/", async (_req, reply) => reply.type("application/json").send(body))
await app.listen({ port: 0, host: "127.0.0.1" })
const address = app.server.address()
process.send?.({ port: typeof address === "object" && address ? address.port : 0 })
