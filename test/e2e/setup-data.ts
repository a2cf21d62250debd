import { Schema } from "effect"

// Reading setup data straight from the API, so that a browser test can pick a record that fits it (an
// approved request nobody has chosen providers for). Reads only: every change a test makes goes through the UI.

const Token = Schema.Struct({ access: Schema.String })

export async function readApi<S extends Schema.ConstraintDecoder<unknown>>(
  baseUrl: string,
  account: { readonly email: string; readonly password: string },
  path: string,
  schema: S,
): Promise<S["Type"]> {
  const login = await fetch(`${baseUrl}/api/company/login/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(account),
  })
  if (!login.ok) throw new Error(`login for setup data failed: ${login.status}`)
  const { access } = Schema.decodeUnknownSync(Token)(await login.json())
  const res = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${access}` } })
  if (!res.ok) throw new Error(`GET ${path} failed: ${res.status} ${await res.text()}`)
  return Schema.decodeUnknownSync(schema)(await res.json())
}
