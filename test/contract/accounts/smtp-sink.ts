// A real SMTP server on loopback (the smtp-server package) for the tests that send mail: it accepts every
// message, keeps it, and lets a test read what arrived and wait for the next one. Nothing mocks the transport:
// the server under test talks SMTP to this over TCP.
import { SMTPServer } from "smtp-server"

export interface ReceivedMail {
  readonly from: string
  readonly to: readonly string[]
  readonly subject: string
  /** The plain-text body, transfer encoding undone. */
  readonly text: string
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  readonly url: string
  readonly port: number
  readonly received: () => readonly ReceivedMail[]
  /** The first message to `to` after the `skip` already read for it; waits up to `timeoutMs`. */
  readonly waitFor: (to: string, skip?: number, timeoutMs?: number) => Promise<ReceivedMail>
  readonly close: () => Promise<void>
}

const header = (head: string, name: string): string => {
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ")
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`))
  return line ? line.slice(name.length + 1).trim() : ""
}

const decodeQuotedPrintable = (body: string): string =>
  Buffer.from(
    body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8")

/** A single-part text message as nodemailer writes one. */
export function parseMail(raw: string, from: string, to: readonly string[]): ReceivedMail {
  const split = raw.search(/\r?\n\r?\n/)
  const head = raw.slice(0, split)
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, "")
  const encoding = header(head, "Content-Transfer-Encoding").toLowerCase()
  const text =
    encoding === "quoted-printable"
      ? decodeQuotedPrintable(body)
      : encoding === "base64"
        ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
        : body
  return { from, to, subject: header(head, "Subject"), text: text.replace(/\r\n/g, "\n") }
}

/** The first `http(s)://…` link of a message whose path starts with `path`. */
export function linkIn(mail: ReceivedMail, path: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => new URL(url).pathname.startsWith(path))
  if (!link) throw new Error(`no ${path} link in:\n${mail.text}`)
  return link
}

export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const mails: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on("data", (chunk: Buffer) => chunks.push(chunk))
      stream.on("end", () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : ""
        const to = session.envelope.rcptTo.map((r) => r.address)
        mails.push(parseMail(Buffer.concat(chunks).toString("utf8"), from, to))
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(port, "127.0.0.1", () => resolve())
  })
  const address = server.server.address()
  const bound = typeof address === "object" && address ? address.port : port
  const forRecipient = (to: string) => mails.filter((m) => m.to.includes(to))
  return {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    received: () => [...mails],
    waitFor: async (to, skip = 0, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = forRecipient(to)[skip]
        if (found) return found
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
