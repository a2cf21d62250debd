// Fuzzing the sign-in, refresh, logout and profile endpoints (see fuzz-http.ts for what every case checks).
import { afterAll, describe, it } from "vitest"
import { startSmtpSink } from "./accounts/smtp-sink"
import { FUZZ_RUNS, FUZZ_TIMEOUT_MS } from "./fuzz-arbitraries"
import { fuzzRoute, routesOf, startFuzzEnv, statusSummary } from "./fuzz-http"
import { routeKey } from "./route-table"

// Mail on, through a real SMTP server on loopback: "forgot password" is fuzzed on its working path.
const smtp = await startSmtpSink()
const env = await startFuzzEnv({ smtpUrl: smtp.url })
afterAll(async () => {
  console.log(`fuzz (account), ${FUZZ_RUNS} cases per route:\n${statusSummary(env)}`)
  await env.server.close()
  await smtp.close()
})

describe(`fuzz: account endpoints, ${FUZZ_RUNS} cases each`, () => {
  for (const [route, spec] of routesOf(env, "account"))
    it(routeKey(route), () => fuzzRoute(env, route, spec), FUZZ_TIMEOUT_MS)
})
