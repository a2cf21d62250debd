// Sends bytes over a plain TCP connection and reads the whole answer: for requests no HTTP client would send.
import net from "node:net"

export interface RawAnswer {
  readonly status: number
  readonly headers: string
  readonly body: string
}

export function rawRequest(url: string, text: string | Buffer): Promise<RawAnswer> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const socket = net.connect(Number(port), hostname, () => socket.write(text))
    const finish = () => {
      const answer = Buffer.concat(chunks).toString("utf8")
      const [head = "", ...rest] = answer.split("\r\n\r\n")
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0)
      resolve({ status, headers: head, body: rest.join("\r\n\r\n") })
    }
    socket.on("data", (d: Buffer) => chunks.push(d))
    socket.on("close", finish)
    socket.on("error", (error: NodeJS.ErrnoException) => {
      // The server may close while we still write; what it answered is what counts.
      if (error.code !== "ECONNRESET" && error.code !== "EPIPE") reject(error)
    })
    socket.setTimeout(10_000, () => socket.destroy())
  })
}
