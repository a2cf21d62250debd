import { Schema } from "effect"

// WebAuthn's JSON forms (the Level 3 `toJSON()` shapes, as @simplewebauthn writes and reads them): the options
// the server hands the browser, and the credential the browser hands back. Arrays are mutable so that the
// decoded values can be passed to the WebAuthn libraries of both sides as they are.

/** Base64url text; bounded so that a hostile body cannot grow without end. */
const B64 = (max: number) =>
  Schema.String.check(Schema.isMaxLength(max), Schema.isPattern(/^[A-Za-z0-9_-]*$/))

const Transport = Schema.Literals(["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"])
const Hint = Schema.Literals(["hybrid", "security-key", "client-device"])
const UserVerification = Schema.Literals(["required", "preferred", "discouraged"])
const Attachment = Schema.Literals(["cross-platform", "platform"])

export const CredentialDescriptor = Schema.Struct({
  id: B64(1400),
  type: Schema.Literal("public-key"),
  transports: Schema.optionalKey(Schema.mutable(Schema.Array(Transport))),
})

const ExtensionInputs = Schema.Struct({ credProps: Schema.optionalKey(Schema.Boolean) })

/** What `navigator.credentials.get` is asked with (startAuthentication's `optionsJSON`). */
export const RequestOptionsJSON = Schema.Struct({
  challenge: B64(256),
  timeout: Schema.optionalKey(Schema.Number),
  rpId: Schema.optionalKey(Schema.String),
  allowCredentials: Schema.optionalKey(Schema.mutable(Schema.Array(CredentialDescriptor))),
  userVerification: Schema.optionalKey(UserVerification),
  hints: Schema.optionalKey(Schema.mutable(Schema.Array(Hint))),
  extensions: Schema.optionalKey(ExtensionInputs),
})
export type RequestOptionsJSON = typeof RequestOptionsJSON.Type

/** What `navigator.credentials.create` is asked with (startRegistration's `optionsJSON`). */
export const CreationOptionsJSON = Schema.Struct({
  rp: Schema.Struct({ name: Schema.String, id: Schema.optionalKey(Schema.String) }),
  user: Schema.Struct({ id: Schema.String, name: Schema.String, displayName: Schema.String }),
  challenge: B64(256),
  pubKeyCredParams: Schema.mutable(
    Schema.Array(Schema.Struct({ alg: Schema.Number, type: Schema.Literal("public-key") })),
  ),
  timeout: Schema.optionalKey(Schema.Number),
  excludeCredentials: Schema.optionalKey(Schema.mutable(Schema.Array(CredentialDescriptor))),
  authenticatorSelection: Schema.optionalKey(
    Schema.Struct({
      authenticatorAttachment: Schema.optionalKey(Attachment),
      requireResidentKey: Schema.optionalKey(Schema.Boolean),
      residentKey: Schema.optionalKey(Schema.Literals(["discouraged", "preferred", "required"])),
      userVerification: Schema.optionalKey(UserVerification),
    }),
  ),
  hints: Schema.optionalKey(Schema.mutable(Schema.Array(Hint))),
  attestation: Schema.optionalKey(Schema.Literals(["direct", "enterprise", "indirect", "none"])),
  extensions: Schema.optionalKey(ExtensionInputs),
})
export type CreationOptionsJSON = typeof CreationOptionsJSON.Type

const ExtensionOutputs = Schema.Struct({
  appid: Schema.optionalKey(Schema.Boolean),
  credProps: Schema.optionalKey(Schema.Struct({ rk: Schema.optionalKey(Schema.Boolean) })),
  hmacCreateSecret: Schema.optionalKey(Schema.Boolean),
})

/** The browser's answer to `get` (startAuthentication's result). */
export const AuthenticationResponseJSON = Schema.Struct({
  id: B64(1400),
  rawId: B64(1400),
  response: Schema.Struct({
    clientDataJSON: B64(8192),
    authenticatorData: B64(8192),
    signature: B64(2048),
    userHandle: Schema.optionalKey(B64(256)),
  }),
  authenticatorAttachment: Schema.optionalKey(Attachment),
  clientExtensionResults: ExtensionOutputs,
  type: Schema.Literal("public-key"),
})
export type AuthenticationResponseJSON = typeof AuthenticationResponseJSON.Type

/** The browser's answer to `create` (startRegistration's result). */
export const RegistrationResponseJSON = Schema.Struct({
  id: B64(1400),
  rawId: B64(1400),
  response: Schema.Struct({
    clientDataJSON: B64(8192),
    attestationObject: B64(65536),
    authenticatorData: Schema.optionalKey(B64(65536)),
    transports: Schema.optionalKey(Schema.mutable(Schema.Array(Schema.String.check(Schema.isMaxLength(32))))),
    publicKeyAlgorithm: Schema.optionalKey(Schema.Number),
    publicKey: Schema.optionalKey(B64(8192)),
  }),
  authenticatorAttachment: Schema.optionalKey(Attachment),
  clientExtensionResults: ExtensionOutputs,
  type: Schema.Literal("public-key"),
})
export type RegistrationResponseJSON = typeof RegistrationResponseJSON.Type
