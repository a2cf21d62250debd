import { Schema } from "effect"
import { DEMO } from "./browser"

const Token = Schema.Struct({ access: Schema.String })
const Sent = Schema.Struct({ ids: Schema.Array(Schema.Number) })

/** Sends a notification to the admin through the API, as `npm run notify` does; returns its id. */
export async function sendToAdmin(
  baseUrl: string,
  body: { readonly title: string; readonly message: string },
): Promise<number> {
  const login = await fetch(`${baseUrl}/api/company/login/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(DEMO.admin),
  })
  const { access } = Schema.decodeUnknownSync(Token)(await login.json())
  const sent = await fetch(`${baseUrl}/api/v1/notifications/`, {
    method: "POST",
    headers: { authorization: `Bearer ${access}`, "content-type": "application/json" },
    body: JSON.stringify({ recipient_email: DEMO.admin.email, ...body }),
  })
  if (!sent.ok) throw new Error(`sending failed: ${sent.status} ${await sent.text()}`)
  const [id] = Schema.decodeUnknownSync(Sent)(await sent.json()).ids
  if (id === undefined) throw new Error("nothing was sent")
  return id
}
