import { describe, expect, it } from "vitest"
import { createActor, type EventObject, emit, fromCallback, fromPromise, setup, waitFor } from "xstate"
import { authMachine } from "../../src/machines/auth/auth.machine"
import type { LoginOutcome } from "../../src/machines/auth/auth-context"
import type { RecordDetail } from "../../src/machines/marketplace/marketplace-types"
import { busMachine } from "../../src/machines/system/bus.machine"
import type { FactType } from "../../src/machines/system/facts"
import { lookup, REST_ACTOR_IDS, SESSION_ACTOR_IDS, type SystemId } from "../../src/machines/system/registry"
// The rows of the facts the rest of the session publishes join the table as its code loads, as they do here.
import { REST_SUBSCRIPTIONS } from "../../src/machines/system/rest-subscriptions"
import { ROOT_ACTOR_IDS } from "../../src/machines/system/root-registry"
import { deliveriesOf, SUBSCRIPTIONS, SUPPORT_ONLY } from "../../src/machines/system/subscriptions"
import type { RefreshResponse, User } from "../../src/schema/auth/auth"
import { workRequest } from "../model/marketplace/marketplace-fixtures"
import { demoUser } from "./fake-auth-server"

// The bus on a real system: the real auth machine publishes, the real bus delivers per the subscription table,
// and recorders stand in for the subscribers, collecting the commands they are sent.

function system(options: { refresh: () => Promise<RefreshResponse> }) {
  const received: Array<{ to: string; type: string }> = []
  const recorder = fromCallback<EventObject>(({ self, receive }) => {
    receive((event) => received.push({ to: self.id, type: event.type }))
    return () => {}
  })
  const auth = authMachine.provide({
    actors: {
      refreshToken: fromPromise(options.refresh),
      login: fromPromise<LoginOutcome, { email: string; password: string }>(async () => ({
        access: "t-login",
        user: { ...demoUser, user_category: "admin" },
      })),
      fetchProfile: fromPromise<User>(async () => demoUser),
      logoutCall: fromPromise(async () => {}),
    },
  })
  const root = setup({
    actors: { bus: busMachine, auth, recorder },
  }).createMachine({
    invoke: [
      { id: "bus", systemId: "bus", src: "bus" },
      { id: "auth", systemId: "auth", src: "auth" },
      { id: "support", systemId: "support", src: "recorder" },
      { id: "app", systemId: "app", src: "recorder" },
    ],
  })
  const actor = createActor(root).start()
  const authRef = lookup(actor.system, "auth")
  if (!authRef) throw new Error("auth did not start")
  return { actor, auth: authRef, received, recorder }
}

/** Stands in for the session: the first paint's subscribers, started late, then 'session started' from the root. */
const lateSession = (recorder: ReturnType<typeof system>["recorder"]) =>
  setup({ types: { emitted: {} as { type: "system.sessionStarted" } }, actors: { recorder } }).createMachine({
    invoke: SESSION_ACTOR_IDS.map((id) => ({ id, systemId: id, src: "recorder" as const })),
    entry: emit({ type: "system.sessionStarted" }),
  })

/** Stands in for the rest of the session: its subscribers, started after the paint, then 'rest started'. */
const lateRest = (recorder: ReturnType<typeof system>["recorder"]) =>
  setup({ types: { emitted: {} as { type: "system.restStarted" } }, actors: { recorder } }).createMachine({
    invoke: REST_ACTOR_IDS.map((id) => ({ id, systemId: id, src: "recorder" as const })),
    entry: emit({ type: "system.restStarted" }),
  })

/** Says 'rest started' and nothing else. */
const lateRestStarted = () =>
  setup({ types: { emitted: {} as { type: "system.restStarted" } } }).createMachine({
    entry: emit({ type: "system.restStarted" }),
  })

const to = (received: ReadonlyArray<{ to: string; type: string }>, id: string) =>
  received.filter((r) => r.to === id).map((r) => r.type)

describe("message bus", () => {
  it("delivers the session's facts as the commands the table lists, to actors that start later too", async () => {
    const { actor, auth, received, recorder } = system({ refresh: async () => ({ access: "t1" }) })
    await waitFor(auth, (s) => s.matches({ AUTHENTICATED: "ready" }))
    // The root hears 'signed in'; support hears who it is. The session's actors are not running yet.
    expect(to(received, "app")).toEqual(["auth.signedIn"])
    expect(to(received, "support")).toEqual(["support.user"])
    expect(to(received, "socket")).toEqual([])

    // The session starts later, as it does after its chunk loads: the retained facts reach it then.
    createActor(lateSession(recorder), { parent: actor }).start()
    await waitFor(actor, () => to(received, "dashboard").length > 0)
    expect(to(received, "dashboard")).toEqual(["dashboard.refresh"])
    // The rest of it starts after the first paint: the socket, notifications and push hear 'signed in' then.
    expect(to(received, "socket")).toEqual([])
    createActor(lateRest(recorder), { parent: actor }).start()
    await waitFor(actor, () => to(received, "socket").length > 0)
    expect(to(received, "dashboard")).toEqual(["dashboard.refresh"])
    expect(to(received, "socket")).toEqual(["socket.start"])
    expect(to(received, "notifications")).toEqual(["notifications.start"])
    expect(to(received, "push")).toEqual(["push.start"])

    // A new token reconnects the socket; push and notifications are left alone.
    auth.send({ type: "auth.setAccessToken", token: "t2" })
    expect(to(received, "socket")).toEqual(["socket.start", "socket.start"])
    expect(to(received, "push")).toEqual(["push.start"])

    // Sign-out stops all three, and tells support nobody is signed in.
    auth.send({ type: "auth.logout" })
    expect(to(received, "socket")).toEqual(["socket.start", "socket.start", "socket.stop"])
    expect(to(received, "notifications")).toEqual(["notifications.start", "notifications.stop"])
    expect(to(received, "push")).toEqual(["push.start", "push.stop"])
    expect(to(received, "support")).toEqual(["support.user", "support.user"])
    actor.stop()
  })

  it("holds a command for an actor of the rest of the session until it starts, and delivers it after the retained facts", async () => {
    const { actor, auth, received, recorder } = system({ refresh: async () => ({ access: "t1" }) })
    await waitFor(auth, (s) => s.matches({ AUTHENTICATED: "ready" }))
    createActor(lateSession(recorder), { parent: actor }).start()
    // A page published where it is before the socket (part of the rest) runs: the socket must still hear it.
    const page = setup({
      types: { emitted: {} as { type: "presence.changed"; viewing: null } },
    }).createMachine({
      entry: emit({ type: "presence.changed", viewing: null }),
    })
    createActor(page, { parent: actor }).start()
    await waitFor(actor, () => to(received, "dashboard").length > 0)
    expect(to(received, "socket")).toEqual([])
    createActor(lateRest(recorder), { parent: actor }).start()
    await waitFor(actor, () => to(received, "socket").length > 1)
    expect(to(received, "socket")).toEqual(["socket.start", "socket.send"])
    // Held once and handed over: the bus keeps nothing more for it.
    expect(lookup(actor.system, "bus")?.getSnapshot().context.held).toEqual([])
    actor.stop()
  })

  it("hands each actor of the rest what it is owed as it starts, before the next one starts", async () => {
    const { actor, auth, received, recorder } = system({ refresh: async () => ({ access: "t1" }) })
    await waitFor(auth, (s) => s.matches({ AUTHENTICATED: "ready" }))
    // The rest starts its actors one per task (session-rest.machine.ts): each one's first calls go out then,
    // in that task, not all together once the last has started.
    createActor(recorder, { parent: actor, id: "socket", systemId: "socket" }).start()
    expect(to(received, "socket")).toEqual(["socket.start"])
    expect(to(received, "notifications")).toEqual([])
    createActor(recorder, { parent: actor, id: "notifications", systemId: "notifications" }).start()
    expect(to(received, "notifications")).toEqual(["notifications.start"])
    expect(to(received, "push")).toEqual([])
    // Once all run, 'rest started' delivers nothing again.
    createActor(recorder, { parent: actor, id: "push", systemId: "push" }).start()
    createActor(lateRestStarted(), { parent: actor }).start()
    expect(to(received, "socket")).toEqual(["socket.start"])
    expect(to(received, "notifications")).toEqual(["notifications.start"])
    expect(to(received, "push")).toEqual(["push.start"])
    actor.stop()
  })

  it("a failed silent refresh publishes 'signed out' and starts nothing", async () => {
    const { auth, received } = system({ refresh: () => Promise.reject(new Error("401")) })
    await waitFor(auth, (s) => s.matches("UNAUTHENTICATED"))
    expect(to(received, "app")).toEqual([])
    expect(received.map((r) => r.type)).not.toContain("socket.start")
  })

  it("sends each delivery from the bus itself, with the publication as its cause", async () => {
    const { actor, auth } = system({ refresh: async () => ({ access: "t1" }) })
    const seen: Array<{ from: string | undefined; to: string; type: string }> = []
    actor.system.inspect((ev) => {
      if (ev.type === "@xstate.event" && ev.event.type !== "xstate.init")
        seen.push({ from: ev.sourceRef?.sessionId, to: ev.actorRef.sessionId, type: ev.event.type })
    })
    await waitFor(auth, (s) => s.matches({ AUTHENTICATED: "ready" }))
    const bus = lookup(actor.system, "bus")?.sessionId
    const app = lookup(actor.system, "app")?.sessionId
    expect(seen.some((e) => e.to === bus && e.type === "bus.publish")).toBe(true)
    expect(seen.filter((e) => e.to === app)).toEqual([{ from: bus, to: app, type: "auth.signedIn" }])
  })
})

describe("subscription table", () => {
  const known = new Set<string>([
    ...ROOT_ACTOR_IDS,
    ...SESSION_ACTOR_IDS,
    ...REST_ACTOR_IDS,
    "app",
    "session",
  ])

  it("gives every fact at least one subscriber, unless it is published for the support panel only", () => {
    for (const [type, route] of Object.entries({ ...SUBSCRIPTIONS, ...REST_SUBSCRIPTIONS })) {
      if (route === SUPPORT_ONLY) continue
      expect(Object.keys(route.to).length, type).toBeGreaterThan(0)
    }
  })

  it("names only actors of the registry as subscribers", () => {
    for (const route of [...Object.values(SUBSCRIPTIONS), ...Object.values(REST_SUBSCRIPTIONS)]) {
      if (route === SUPPORT_ONLY) continue
      for (const id of Object.keys(route.to)) expect(known, id).toContain(id)
    }
  })

  it("keeps the support-only facts few and deliberate", () => {
    const supportOnly = Object.entries(SUBSCRIPTIONS)
      .filter(([, route]) => route === SUPPORT_ONLY)
      .map(([type]) => type as FactType)
    expect(supportOnly.sort()).toEqual(["system.restStarted", "system.sessionStarted"])
  })

  it("hands the notifications page's list what the bell's actor learns: new items, changes, a refused write", () => {
    const toInbox = (fact: Parameters<typeof deliveriesOf>[0]) =>
      deliveriesOf(fact).map(({ to, command }) => ({ to, command }))
    expect(toInbox({ type: "notifications.changed", id: 4, change: "archived" })).toEqual([
      {
        to: "session",
        command: {
          type: "session.toPages",
          page: "inbox",
          event: { type: "inbox.changed", id: 4, change: "archived" },
        },
      },
    ])
    expect(toInbox({ type: "notifications.writeFailed" })).toEqual([
      {
        to: "session",
        command: { type: "session.toPages", page: "inbox", event: { type: "inbox.refetch" } },
      },
    ])
  })

  it("turns a frame about an unread or an archive into a change the notifications actor follows", () => {
    const at = 1
    const frames = [
      { type: "notification.changed", notification_id: 4, change: "unread" },
      { type: "notification.changed", notification_id: 4, change: "archived" },
      { type: "notification.changed", notification_id: 4, change: "unarchived" },
    ] as const
    expect(
      frames.map((message) => deliveriesOf({ type: "socket.received", message, at })[0]?.command),
    ).toEqual([
      { type: "notifications.changedElsewhere", id: 4, change: "unread" },
      { type: "notifications.changedElsewhere", id: 4, change: "archived" },
      { type: "notifications.changedElsewhere", id: 4, change: "unarchived" },
    ])
  })

  it("turns a socket frame into the notifications actor's event, and drops frames it has no use for", () => {
    const at = 5
    expect(
      deliveriesOf({ type: "socket.received", message: { type: "unread_count", unread_count: 3 }, at }),
    ).toEqual([
      { to: "notifications" satisfies SystemId, command: { type: "notifications.count", unread: 3 } },
    ])
    expect(deliveriesOf({ type: "socket.received", message: { type: "pong", timestamp: 1 }, at })).toEqual([])
  })

  it("turns a connection come back into a retry of whatever failed: the bell's list, the summary, every page", () => {
    const said = deliveriesOf({ type: "socket.connected" }).map(({ to, command }) =>
      "page" in command ? `${to}:${String(command.page)}` : `${to}:${command.type}`,
    )
    expect(said).toEqual([
      "push:push.socket",
      "notifications:notifications.retry",
      "dashboard:dashboard.retry",
      "session:pagedList",
      "session:review",
      "session:selectProviders",
      "session:inbox",
      "session:documents",
      "session:reports",
      "session:savedViews",
      "session:dayPlan",
      "session:notes",
      "presence:presence.resend",
      "sharedViews:sharedViews.retry",
    ])
  })

  it("keeps the sidebar's shared views and their counts live: records or views changed reload them", () => {
    const to = (fact: Parameters<typeof deliveriesOf>[0]) =>
      deliveriesOf(fact)
        .filter((d) => d.to === "sharedViews")
        .map((d) => d.command.type)
    expect(to({ type: "savedViews.changed" })).toEqual(["sharedViews.refresh"])
    expect(to({ type: "records.resync" })).toEqual(["sharedViews.refresh"])
    expect(to({ type: "records.changed", source: "work", uuids: [] })).toEqual(["sharedViews.refresh"])
  })

  it("keeps the dashboard's plan of the day live: every record fact reloads it, as it does the counts", () => {
    const toPlan = (fact: Parameters<typeof deliveriesOf>[0]) =>
      deliveriesOf(fact).filter((d) => "page" in d.command && d.command.page === "dayPlan")
    const reload = [
      {
        to: "session",
        command: { type: "session.toPages", page: "dayPlan", event: { type: "plan.reload" } },
      },
    ]
    const uuid = "00000000-0000-4000-8000-000000000001"
    expect(toPlan({ type: "records.changed", source: "work", uuids: [uuid] })).toEqual(reload)
    expect(toPlan({ type: "records.resync" })).toEqual(reload)
    const record: RecordDetail = { ...workRequest("pending"), uuid }
    expect(toPlan({ type: "records.claimed", source: "work", uuid, assignee: null, record })).toEqual(reload)
    expect(toPlan({ type: "records.courseChanged", source: "work", uuid, record: null })).toEqual(reload)
    expect(toPlan({ type: "socket.lost" })).toEqual([])
  })

  it("sends the record a tab shows to the server, and a leave when it shows none", () => {
    const record = { kind: "work", uuid: "00000000-0000-4000-8000-000000000001" } as const
    expect(deliveriesOf({ type: "presence.changed", viewing: record })).toEqual([
      { to: "socket", command: { type: "socket.send", message: { type: "presence.view", ...record } } },
    ])
    expect(deliveriesOf({ type: "presence.changed", viewing: null })).toEqual([
      { to: "socket", command: { type: "socket.send", message: { type: "presence.leave" } } },
    ])
  })

  it("hands presence frames to the presence actor, and claims made here to the open pages", () => {
    const uuid = "00000000-0000-4000-8000-000000000001"
    const viewers = [{ id: 2, full_name: "Cora Second" }]
    const presence = deliveriesOf({
      type: "socket.received",
      message: { type: "presence", kind: "work", uuid, viewers },
      at: 1,
    })
    expect(presence).toEqual([
      { to: "presence", command: { type: "presence.heard", record: { kind: "work", uuid }, viewers } },
    ])
    const assignee = { id: 2, full_name: "Cora Second", assigned_at: "2026-01-01T10:00:00.000Z" }
    const expected = [
      {
        to: "session",
        command: {
          type: "session.toPages",
          page: "review",
          event: { type: "review.assigned", uuid, assignee },
        },
      },
      {
        to: "session",
        command: {
          type: "session.toPages",
          page: "pagedList",
          event: { type: "list.assigned", source: "application", uuid, assignee },
        },
      },
    ]
    // A claim made anywhere comes as record.changed (its row names the assignee), which is liveRecords'
    // alone: the open pages take it from there as any other change (test/unit/live-records.test.ts).
    const claimedElsewhere = deliveriesOf({
      type: "socket.received",
      message: {
        type: "record.changed",
        kind: "application",
        uuid,
        change: "assigned",
        status: "pending",
        actor: { id: 2, full_name: "Cora Second" },
        at: assignee.assigned_at,
        record: { ...workRequest("pending"), uuid, assignee },
      },
      at: 1,
    })
    expect(claimedElsewhere.map((d) => [d.to, d.command.type])).toEqual([
      ["liveRecords", "liveRecords.changed"],
    ])
    // This tab's own claim hands the detail page the whole record, audit trail included.
    const record: RecordDetail = { ...workRequest("pending"), uuid, assignee }
    const [toReview, toList] = expected
    expect(deliveriesOf({ type: "records.claimed", source: "application", uuid, assignee, record })).toEqual([
      { ...toReview, command: { ...toReview?.command, event: { ...toReview?.command.event, record } } },
      toList,
      {
        to: "session",
        command: { type: "session.toPages", page: "dayPlan", event: { type: "plan.reload" } },
      },
    ])
  })
})
