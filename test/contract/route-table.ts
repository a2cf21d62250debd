// Every route the server answers, read from Fastify's own route tree (app.printRoutes): the fuzz and role
// suites iterate this list, so a route added later without a case in those suites makes them fail.
import type { FastifyInstance } from "fastify"

export interface RouteEntry {
  readonly method: string
  /** As registered, with `:param` placeholders, e.g. /api/v1/work-requests/:uuid/approve/ */
  readonly url: string
}

export const routeKey = (route: RouteEntry): string => `${route.method} ${route.url}`

const LINE = /^([│ ]*)(?:├── |└── )(.+?) \(([A-Z, ]+)\)$/

/**
 * Parses the tree printed by `app.printRoutes({ commonPrefix: false })`: each level is indented by four
 * characters and continues its parent's path. HEAD routes Fastify adds beside every GET are left out.
 */
export function routeTable(app: FastifyInstance): RouteEntry[] {
  const printed = app.printRoutes({ commonPrefix: false })
  const stack: string[] = []
  const routes: RouteEntry[] = []
  for (const line of printed.split("\n")) {
    if (line.trim() === "") continue
    const match = LINE.exec(line)
    if (!match) throw new Error(`unexpected line in printRoutes(): ${JSON.stringify(line)}`)
    const [, indent = "", segment = "", methods = ""] = match
    const depth = Array.from(indent).length / 4
    stack.length = depth
    stack.push(segment)
    const url = stack.join("")
    for (const method of methods.split(", ")) if (method !== "HEAD") routes.push({ method, url })
  }
  // The parse is only trusted if the router agrees with every entry.
  for (const route of routes)
    if (!app.hasRoute({ method: route.method as "GET", url: route.url }))
      throw new Error(`printRoutes() parsed into a route the router does not have: ${routeKey(route)}`)
  return routes
}

export const isWrite = (route: RouteEntry): boolean => route.method !== "GET"
