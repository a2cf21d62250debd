// Fuzzing the notifications endpoints (see fuzz-http.ts for what every case checks).
import { afterAll, describe, it } from "vitest"
import { FUZZ_RUNS, FUZZ_TIMEOUT_MS } from "./fuzz-arbitraries"
import { fuzzRoute, routesOf, startFuzzEnv, statusSummary } from "./fuzz-http"
import { routeKey } from "./route-table"

const env = await startFuzzEnv()
afterAll(async () => {
  console.log(`fuzz (notifications), ${FUZZ_RUNS} cases per route:\n${statusSummary(env)}`)
  await env.server.close()
})

describe(`fuzz: notifications endpoints, ${FUZZ_RUNS} cases each`, () => {
  for (const [route, spec] of routesOf(env, "notifications"))
    it(routeKey(route), () => fuzzRoute(env, route, spec), FUZZ_TIMEOUT_MS)
})
