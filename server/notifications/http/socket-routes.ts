// `/ws/notifications/?token=ACCESS`: the live socket and the machinery behind it on this instance, the
// per-user socket registry, the LISTEN fan-out, and the heartbeat that frees sockets whose peer vanished.
import websocket from "@fastify/websocket"
import type { FastifyInstance, FastifyPluginAsync } from "fastify"
import { SOCKET_PATH } from "../../../src/schema/api/socket"
import { SOCKET_CLOSE, SOCKET_MAX_PAYLOAD_BYTES } from "../../../src/schema/live/socket"
import { startLiveStream } from "../../live/stream"
import { presenceConfig } from "../../presence/config"
import { startPresence } from "../../presence/presence"
import { socketConfig } from "../socket-config"
import { SocketHub } from "../socket-hub"
import { openSession } from "../socket-session"

export const SOCKET_UPGRADE_REQUIRED = "Open this address as a WebSocket."

function startHeartbeat(hub: SocketHub, intervalMs: number): () => void {
  const timer = setInterval(() => {
    for (const client of hub.all()) {
      if (!client.alive) {
        client.socket.terminate()
        continue
      }
      client.alive = false
      client.socket.ping()
    }
  }, intervalMs)
  timer.unref()
  return () => clearInterval(timer)
}

export const notificationSocketRoutes: FastifyPluginAsync = async (app: FastifyInstance) => {
  const { database, clock, revocations } = app.services
  const config = socketConfig()
  const hub = new SocketHub()
  const log = {
    warn: (message: string, error?: unknown) =>
      app.log.warn(error === undefined ? {} : { err: error }, message),
  }

  await app.register(websocket, {
    options: { maxPayload: SOCKET_MAX_PAYLOAD_BYTES },
    // Oversized frames are already being closed by ws with 1009; other socket errors end the connection.
    errorHandler: (error, socket, req) => {
      req.log.info({ err: error }, "notification socket error")
      if (socket.readyState === socket.OPEN) socket.terminate()
    },
    preClose: (done) => {
      for (const client of app.websocketServer.clients)
        client.close(SOCKET_CLOSE.goingAway.code, SOCKET_CLOSE.goingAway.reason)
      app.websocketServer.close()
      done()
    },
  })

  const stream = await startLiveStream(database, hub, log)
  const presence = await startPresence(database, hub, presenceConfig(), log)
  const stopHeartbeat = startHeartbeat(hub, config.heartbeatMs)
  const stopClosingRevoked = revocations.onRevoked((sessionId) => {
    const closed = hub.closeSession(sessionId, SOCKET_CLOSE.sessionRevoked)
    if (closed > 0) app.log.info({ sockets: closed }, "closed the sockets of a signed-out session")
  })
  app.addHook("onClose", async () => {
    stopClosingRevoked()
    stopHeartbeat()
    await stream.stop()
    await presence.stop()
    await hub.drain()
  })

  // No security headers on the upgrade: a browser never reads them there, and each socket keeps its upgrade
  // response alive for its whole life, so they cost memory on every open socket (bench/socket-fanout.ts).
  app.route({
    method: "GET",
    url: SOCKET_PATH,
    config: { securityHeaders: false },
    // A plain GET without the upgrade gets a {detail} like every other refusal (the plugin's default is an
    // empty 404).
    handler: async (_req, reply) =>
      reply.code(426).header("upgrade", "websocket").send({ detail: SOCKET_UPGRADE_REQUIRED }),
    wsHandler: (socket, req) => {
      openSession(socket, req, {
        hub,
        stream,
        presence,
        isRevoked: revocations.isRevoked,
        now: () => new Date(clock.now()),
        onError: (error) => req.log.error({ err: error }, "notification socket task failed"),
        onCount: (userId, open, change) =>
          app.log.info({ user: userId, sockets: open }, `notification socket ${change}`),
      })
    },
  })
}
