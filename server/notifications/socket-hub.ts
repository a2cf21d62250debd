// The sockets this instance holds, by user, and the ordering rule for what they are sent. Work for one user
// (a live row, a read, a catch-up) runs one task at a time, so a client sees events in the order NOTIFY
// delivered them even though each task awaits the database.
import { Schema } from "effect"
import type { WebSocket } from "ws"
import { ServerMessage } from "../../src/schema/live/socket"
import { RECENT_IDS_KEPT } from "./socket-config"

export interface Client {
  readonly socket: WebSocket
  readonly userId: number
  /** The sign-in session of the token it was opened with: closed when that session is signed out. */
  readonly sessionId: string
  /** Until connection_established has gone out, live events are not sent; `missed` says one was skipped. */
  ready: boolean
  missed: boolean
  /** Highest notification id sent: where a catch-up starts. */
  lastSentId: number
  /** Ids sent recently, oldest first: a row both delivered live and found by a catch-up goes out once. */
  readonly recent: Set<number>
  /** Answered the last heartbeat ping. */
  alive: boolean
}

const encode = Schema.encodeSync(ServerMessage)

/** A message encoded once, for sending the same frame to many sockets. */
export type Frame = { readonly bytes: Buffer }

export function frame(message: ServerMessage): Frame {
  return { bytes: Buffer.from(JSON.stringify(encode(message)), "utf8") }
}

export function sendFrame(client: Client, prepared: Frame): void {
  if (client.socket.readyState !== client.socket.OPEN) return
  client.socket.send(prepared.bytes, { binary: false })
}

export function send(client: Client, message: ServerMessage): void {
  sendFrame(client, frame(message))
}

/** Records an id as sent; false when it already was. */
export function markSent(client: Client, id: number): boolean {
  if (client.recent.has(id)) return false
  client.recent.add(id)
  if (client.recent.size > RECENT_IDS_KEPT) {
    const oldest = client.recent.values().next()
    if (!oldest.done) client.recent.delete(oldest.value)
  }
  client.lastSentId = Math.max(client.lastSentId, id)
  return true
}

export class SocketHub {
  private readonly byUser = new Map<number, Set<Client>>()
  private readonly queues = new Map<number, Promise<void>>()

  add(socket: WebSocket, userId: number, sessionId: string): Client {
    const client: Client = {
      socket,
      userId,
      sessionId,
      ready: false,
      missed: false,
      lastSentId: 0,
      recent: new Set(),
      alive: true,
    }
    const set = this.byUser.get(userId) ?? new Set()
    set.add(client)
    this.byUser.set(userId, set)
    return client
  }

  remove(client: Client): void {
    const set = this.byUser.get(client.userId)
    if (!set) return
    set.delete(client)
    if (set.size === 0) this.byUser.delete(client.userId)
  }

  clientsOf(userId: number): ReadonlyArray<Client> {
    return [...(this.byUser.get(userId) ?? [])]
  }

  /** Closes every socket of a signed-out session; the close handler then removes each. */
  closeSession(sessionId: string, close: { readonly code: number; readonly reason: string }): number {
    let closed = 0
    for (const set of this.byUser.values())
      for (const client of set)
        if (client.sessionId === sessionId) {
          client.socket.close(close.code, close.reason)
          closed += 1
        }
    return closed
  }

  users(): ReadonlyArray<number> {
    return [...this.byUser.keys()]
  }

  all(): ReadonlyArray<Client> {
    return [...this.byUser.values()].flatMap((set) => [...set])
  }

  /** Runs `task` after every earlier task for this user; a failing task does not stop the ones after it. */
  enqueue(userId: number, task: () => Promise<void>, onError: (error: unknown) => void): Promise<void> {
    const previous = this.queues.get(userId) ?? Promise.resolve()
    const next = previous.then(task).catch(onError)
    this.queues.set(userId, next)
    void next.then(() => {
      if (this.queues.get(userId) === next) this.queues.delete(userId)
    })
    return next
  }

  /** Resolves when every queued task has run (shutdown, tests). */
  async drain(): Promise<void> {
    await Promise.all([...this.queues.values()])
  }
}
