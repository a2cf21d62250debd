// The API described for people and tools: the OpenAPI 3.1 document generated from the one description
// (src/schema/api) and a Scalar reference page over it. Everything the page needs comes from this server
// (Scalar's script ships inside effect; its web fonts are turned off), and the page runs no inline script, so
// it loads within the app's Content-Security-Policy and with no network beyond this origin.
import { readFile } from "node:fs/promises"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { OpenApi } from "effect/http-api"
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify"
import { httpApi } from "../../src/schema/api/http-api"
import { acceptedEncoding } from "./accept-encoding"
import { compressLargeBody } from "./compress-body"
import type { Encoding } from "./compression"

export const OPENAPI_PATH = "/api/openapi.json"
export const DOCS_PATH = "/api/docs/"
/** The routes of this file: documentation of the API, not part of it. */
export const DOCS_ROUTES = [
  `GET ${OPENAPI_PATH}`,
  `GET ${DOCS_PATH}`,
  `GET ${DOCS_PATH}scalar.js`,
  `GET ${DOCS_PATH}boot.js`,
] as const

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API reference</title>
  </head>
  <body>
    <div id="reference"></div>
    <script src="${DOCS_PATH}scalar.js"></script>
    <script src="${DOCS_PATH}boot.js"></script>
  </body>
</html>
`

// No default fonts (they come from fonts.scalar.com); no "open in client" button (it leads to scalar.com).
// The container is not named `api-reference`: Scalar mounts itself, unconfigured, on an element with that id.
const BOOT = `fetch(${JSON.stringify(OPENAPI_PATH)})
  .then((response) => response.json())
  .then((content) =>
    Scalar.createApiReference(document.getElementById("reference"), {
      content,
      withDefaultFonts: false,
      hideClientButton: true,
    }),
  )
`

let openApi: string | undefined
/** Generated once per process, on first use: the description does not change while the server runs. */
export const openApiDocument = (): string => {
  openApi ??= JSON.stringify(OpenApi.fromApi(httpApi))
  return openApi
}

interface Script {
  readonly plain: Buffer
  /** Compressed once per encoding on first use: 3 MB compressed per request would cost CPU on every load. */
  readonly compressed: Record<Encoding, Buffer>
}
let scalar: Promise<Script> | undefined

/** Scalar's standalone script, as effect bundles it for its own docs layer (a module exporting the text). */
const loadScalar = (): Promise<Script> => {
  scalar ??= (async () => {
    const entry = createRequire(import.meta.url).resolve("effect/http-api")
    const source = await readFile(join(dirname(entry), "internal", "httpApiScalar.js"), "utf8")
    const literal = source.slice(source.indexOf("=") + 1).replace(/;?\s*(\/\/# sourceMappingURL=.*)?\s*$/, "")
    const plain: unknown = JSON.parse(literal)
    if (typeof plain !== "string") throw new Error("effect's bundled Scalar script was not found")
    const bytes = Buffer.from(plain)
    const [br, gzip] = await Promise.all([compressLargeBody(bytes, "br"), compressLargeBody(bytes, "gzip")])
    return { plain: bytes, compressed: { br, gzip } }
  })()
  return scalar
}

// Negotiated by the rules the compression plugin follows (a `gzip;q=0` client never gets gzip), so that when
// no encoding is chosen here the plugin chooses none either and never compresses the 3 MB again per request.
const sendScript = (req: FastifyRequest, reply: FastifyReply, script: Script): FastifyReply => {
  reply.type("text/javascript; charset=utf-8").header("vary", "accept-encoding")
  const encoding = acceptedEncoding(req.headers)
  if (encoding === null) return reply.send(script.plain)
  return reply.header("content-encoding", encoding).send(script.compressed[encoding])
}

export const apiDocsRoutes: FastifyPluginAsync = async (app: FastifyInstance) => {
  app.get(OPENAPI_PATH, async (_req, reply) =>
    reply.type("application/json; charset=utf-8").send(openApiDocument()),
  )
  app.get(DOCS_PATH, async (_req, reply) => reply.type("text/html; charset=utf-8").send(PAGE))
  app.get(`${DOCS_PATH}boot.js`, async (_req, reply) =>
    reply.type("text/javascript; charset=utf-8").send(BOOT),
  )
  app.get(`${DOCS_PATH}scalar.js`, async (req, reply) => sendScript(req, reply, await loadScalar()))
}
