import { Result, Schema } from "effect"

// How many notification sockets the server holds for a user, as its log says: each socket that joins or leaves
// the registry logs "notification socket opened|closed" with the user and how many that user has open now.

const SocketLine = Schema.Struct({ user: Schema.Number, sockets: Schema.Number, msg: Schema.String })
const decodeLine = Schema.decodeUnknownResult(SocketLine)

/** Every socket log line of a user, oldest first. */
export function socketLines(output: string, userId: number): Array<typeof SocketLine.Type> {
  const lines: Array<typeof SocketLine.Type> = []
  for (const text of output.split("\n")) {
    if (!text.includes("notification socket")) continue
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      continue
    }
    const line = decodeLine(json)
    if (Result.isSuccess(line) && line.success.user === userId) lines.push(line.success)
  }
  return lines
}

/** The sockets the server holds for a user now (0 before any). */
export const socketsOf = (output: string, userId: number): number =>
  socketLines(output, userId).at(-1)?.sockets ?? 0

/** The user's id, from a sign-in through the API (a session of its own, with no socket). */
export async function userIdOf(baseUrl: string, who: { email: string; password: string }): Promise<number> {
  const login = await fetch(`${baseUrl}/api/company/login/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(who),
  })
  if (!login.ok) throw new Error(`sign-in failed: ${login.status}`)
  const { user } = Schema.decodeUnknownSync(Schema.Struct({ user: Schema.Struct({ id: Schema.Number }) }))(
    await login.json(),
  )
  return user.id
}
