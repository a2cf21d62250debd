// Reads a server process's memory through its inspector (started with NODE_OPTIONS=--inspect), after a full
// garbage collection, so a benchmark can measure the server from outside without any route of its own.
import WebSocket from "ws"

export interface Memory {
  readonly rssKb: number
  readonly heapUsedKb: number
  readonly externalKb: number
}

export async function inspectMemory(inspectorUrl: string): Promise<Memory> {
  const socket = new WebSocket(inspectorUrl)
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject))
  let id = 0
  const call = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve) => {
      const mine = ++id
      const onMessage = (data: WebSocket.RawData) => {
        const reply = JSON.parse(String(data)) as { id?: number; result?: unknown }
        if (reply.id !== mine) return
        socket.off("message", onMessage)
        resolve(reply.result)
      }
      socket.on("message", onMessage)
      socket.send(JSON.stringify({ id: mine, method, params }))
    })
  try {
    await call("HeapProfiler.collectGarbage")
    const result = (await call("Runtime.evaluate", {
      expression: "JSON.stringify(process.memoryUsage())",
      returnByValue: true,
    })) as { result: { value: string } }
    const usage = JSON.parse(result.result.value) as { rss: number; heapUsed: number; external: number }
    return {
      rssKb: Math.round(usage.rss / 1024),
      heapUsedKb: Math.round(usage.heapUsed / 1024),
      externalKb: Math.round(usage.external / 1024),
    }
  } finally {
    socket.close()
  }
}

/** The inspector's address, as the server printed it when it started. */
export function inspectorUrl(serverOutput: string): string {
  const match = serverOutput.match(/Debugger listening on (ws:\/\/\S+)/)
  if (!match?.[1]) throw new Error("the server printed no inspector address (start it with --inspect)")
  return match[1]
}
