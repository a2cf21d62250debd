// The push service worker, at the fixed path firebase registers (docs/behaviour.md#push-order). It speaks
// FCM's web-push payload directly instead of importing the firebase SDK from a CDN, which the CSP and closed
// networks would refuse:
// - a push while one of the app's tabs is shown goes to the tabs, in the message shape firebase's onMessage
//   reads, and the app decides there whether to toast (the push toast);
// - otherwise it becomes a system notification tagged with the notification id, so several tabs, devices
//   or a repeat delivery replace one notification instead of stacking duplicates;
// - a click focuses an open tab of the app (and takes it to the action URL) or opens the app there.
// The action URL is followed only when it is a path of this app (the same rule as src/machines/system/safe-app-path.ts).

const DEFAULT_TITLE = "New notification"

/** A path of this app, or null: never "//host", "/\host", a scheme, control characters or encoded tricks. */
function safeAppPath(raw) {
  if (typeof raw !== "string") return null
  const value = raw.trim()
  if (!value.startsWith("/") || value.startsWith("//") || value.length > 2048) return null
  const unsafe = (s) => [...s].some((c) => c === "\\" || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)
  if (unsafe(value)) return null
  let decoded
  try {
    decoded = decodeURIComponent(value)
  } catch {
    return null
  }
  if (decoded.startsWith("//") || unsafe(decoded)) return null
  const url = new URL(value, self.location.origin)
  return url.origin === self.location.origin ? url.pathname + url.search + url.hash : null
}

function readPayload(event) {
  if (!event.data) return null
  try {
    const payload = event.data.json()
    return payload && typeof payload === "object" ? payload : null
  } catch {
    return null
  }
}

async function onPush(payload) {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true })
  if (windows.some((client) => client.visibilityState === "visible")) {
    for (const client of windows)
      client.postMessage({ ...payload, isFirebaseMessaging: true, messageType: "push-received" })
    return
  }
  const data = payload.data && typeof payload.data === "object" ? payload.data : {}
  const notification =
    payload.notification && typeof payload.notification === "object" ? payload.notification : {}
  const title = String(notification.title || data.title || "").trim() || DEFAULT_TITLE
  const id = typeof data.notification_id === "string" ? data.notification_id : ""
  await self.registration.showNotification(title, {
    body: String(notification.body || data.body || ""),
    icon: "/favicon.svg",
    ...(id ? { tag: `notification-${id}`, renotify: false } : {}),
    data: { notification_id: id, action_url: safeAppPath(data.action_url) },
  })
}

async function onClick(notification) {
  notification.close()
  const path = safeAppPath(notification.data?.action_url)
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true })
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin)
  if (open) {
    const focused = await open.focus()
    if (path && focused && "navigate" in focused) {
      // Only a tab this worker controls can be navigated; otherwise the focus alone has to do.
      await focused.navigate(path).catch(() => undefined)
    }
    return
  }
  await self.clients.openWindow(path ?? "/")
}

self.addEventListener("install", () => self.skipWaiting())
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()))
self.addEventListener("push", (event) => {
  const payload = readPayload(event)
  if (payload) event.waitUntil(onPush(payload))
})
self.addEventListener("notificationclick", (event) => event.waitUntil(onClick(event.notification)))
