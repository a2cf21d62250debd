// One server instance of bench/live/change-latency.ts in a process of its own, as instances run in production:
// the benchmark's client and the other instances do not share its event loop. Tells its parent its port,
// and closes when the parent says so (or goes).
import { openDatabase } from "../../server/db/database"
import { buildApp } from "../../server/http/app"
import { testConfig } from "../../test/contract/harness"

const url = process.argv[2]
if (!url) throw new Error("usage: instance.ts <postgres url>")
const database = await openDatabase({ kind: "postgres", url })
const app = await buildApp({ config: testConfig({ logLevel: "warn" }), database, logger: false })
await app.listen({ port: 0, host: "127.0.0.1" })
const address = app.server.address()
const close = async () => {
  await app.close()
  await database.close()
  process.exit(0)
}
process.on("message", () => void close())
process.on("disconnect", () => void close())
process.send?.({ port: typeof address === "object" && address ? address.port : 0 })
