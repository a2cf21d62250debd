import { Schema } from "effect"

// A change made through the API by an account in another browser, as a colleague would make it while the page
// under test is open: signs in, then posts.

const Token = Schema.Struct({ access: Schema.String })

/** Signs `account` in and POSTs to `path`; the answer's status. */
export async function postElsewhere(
  baseUrl: string,
  account: { readonly email: string; readonly password: string },
  path: string,
): Promise<number> {
  const login = await fetch(`${baseUrl}/api/company/login/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: account.email, password: account.password }),
  })
  if (!login.ok) throw new Error(`sign-in elsewhere failed: ${login.status}`)
  const { access } = Schema.decodeUnknownSync(Token)(await login.json())
  const done = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${access}` },
  })
  return done.status
}
