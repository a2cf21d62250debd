// The load generator of bench/socket-fanout.ts, run as its own process so the server's figures are its own.
// Opens COUNT authenticated idle sockets, reports when all are established, then reports for each socket when
// the next `notification` frame arrived (Date.now(), shared with the parent on this machine).
import WebSocket from "ws"

const [url, token, countText] = process.argv.slice(2)
const count = Number(countText)
if (!url || !token || !Number.isInteger(count)) throw new Error("usage: socket-load.ts WS_URL TOKEN COUNT")
const send = (message: unknown) => process.send?.(message)

const NOTIFICATION = Buffer.from('"type":"notification"')
const sockets: WebSocket[] = []
const received: number[] = []
const open = (): Promise<void> =>
  new Promise((resolve, reject) => {
    const socket = new WebSocket(`${url}?token=${encodeURIComponent(token)}`)
    sockets.push(socket)
    socket.on("error", reject)
    // The arrival is stamped before anything else, and only the first frame is parsed: the generator's own
    // work per frame (10,000 of them at once, in one process) is kept out of the delivery figure.
    let established = false
    socket.on("message", (data: Buffer) => {
      if (established) {
        if (data.includes(NOTIFICATION)) {
          received.push(Date.now())
          if (received.length === count) send({ type: "received", at: received })
        }
        return
      }
      const frame = JSON.parse(String(data)) as { type?: string }
      if (frame.type === "connection_established") {
        established = true
        resolve()
      }
    })
  })

// Batches keep the connection storm from looking like an attack to the OS's accept queue.
const BATCH = 250
for (let i = 0; i < count; i += BATCH)
  await Promise.all(Array.from({ length: Math.min(BATCH, count - i) }, open))
send({ type: "ready" })
process.on("message", (message: { type?: string }) => {
  if (message.type !== "close") return
  for (const socket of sockets) socket.terminate()
  process.exit(0)
})
