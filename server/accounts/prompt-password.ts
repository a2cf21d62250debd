// Reads a password twice. On a terminal nothing is echoed; from a pipe (a script, a test) the first two lines
// are read, so that a deployment can create its first admin without a terminal.
import { createInterface } from "node:readline"

async function readLines(count: number): Promise<string[]> {
  const lines: string[] = []
  const input = createInterface({ input: process.stdin, terminal: false })
  for await (const line of input) {
    lines.push(line)
    if (lines.length === count) break
  }
  input.close()
  return lines
}

function askHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin
    process.stdout.write(question)
    let typed = ""
    stdin.setRawMode(true)
    stdin.resume()
    stdin.setEncoding("utf8")
    const done = (error?: Error) => {
      stdin.setRawMode(false)
      stdin.pause()
      stdin.off("data", onData)
      process.stdout.write("\n")
      if (error) reject(error)
      else resolve(typed)
    }
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n") return done()
        if (char === "\u0003") return done(new Error("Cancelled."))
        if (char === "\u007f" || char === "\b") typed = typed.slice(0, -1)
        else typed += char
      }
    }
    stdin.on("data", onData)
  })
}

/** The password typed twice; null when the two differ. */
export async function promptPasswordTwice(): Promise<string | null> {
  if (!process.stdin.isTTY) {
    const [first = "", second = ""] = await readLines(2)
    return first === second ? first : null
  }
  const first = await askHidden("Password: ")
  const second = await askHidden("Password again: ")
  return first === second ? first : null
}
