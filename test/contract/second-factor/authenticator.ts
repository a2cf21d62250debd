// A software authenticator for the passkey contract tests: real WebAuthn responses made with node:crypto (an
// ES256 key pair, authenticator data, client data and a "none" attestation in CBOR), so that the server's
// verification runs whole, with nothing of it mocked. Each part a test may falsify is a parameter.
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto"
import { isoCBOR } from "@simplewebauthn/server/helpers"
import type {
  AuthenticationResponseJSON,
  CreationOptionsJSON,
  RegistrationResponseJSON,
  RequestOptionsJSON,
} from "../../../src/schema/accounts/webauthn"

const b64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString("base64url")
const sha256 = (data: Uint8Array | string): Buffer => createHash("sha256").update(data).digest()

const UP = 0x01
const UV = 0x04
const AT = 0x40

export interface Forgery {
  /** The relying party id hashed into the authenticator data (default: the options'). */
  readonly rpId?: string
  /** The origin written into the client data. */
  readonly origin?: string
  /** Whether the authenticator says it verified its user (default true). */
  readonly userVerified?: boolean
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(32)
  private readonly privateKey: KeyObject
  private readonly publicJwk: { x: string; y: string }
  private counter = 0
  private userHandle = ""

  constructor(
    readonly origin: string,
    readonly rpId: string,
  ) {
    const pair = generateKeyPairSync("ec", { namedCurve: "P-256" })
    this.privateKey = pair.privateKey
    const jwk = pair.publicKey.export({ format: "jwk" })
    this.publicJwk = { x: jwk.x ?? "", y: jwk.y ?? "" }
  }

  get id(): string {
    return b64(this.credentialId)
  }

  private coseKey(): Uint8Array {
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(this.publicJwk.x, "base64url")],
        [-3, Buffer.from(this.publicJwk.y, "base64url")],
      ]),
    )
  }

  private authData(rpId: string, flags: number, attested?: Uint8Array): Buffer {
    const count = Buffer.alloc(4)
    count.writeUInt32BE(this.counter)
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])])
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }))
  }

  /** navigator.credentials.create's answer to `options`. */
  register(options: CreationOptionsJSON, forgery: Forgery = {}): RegistrationResponseJSON {
    this.userHandle = options.user.id
    const idLength = Buffer.alloc(2)
    idLength.writeUInt16BE(this.credentialId.length)
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.coseKey()])
    const flags = UP | (forgery.userVerified === false ? 0 : UV) | AT
    const authData = this.authData(forgery.rpId ?? options.rp.id ?? this.rpId, flags, attested)
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ["fmt", "none"],
        ["attStmt", new Map<string, string>()],
        ["authData", authData],
      ]),
    )
    return {
      id: this.id,
      rawId: this.id,
      response: {
        clientDataJSON: b64(
          this.clientData("webauthn.create", options.challenge, forgery.origin ?? this.origin),
        ),
        attestationObject: b64(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
      type: "public-key",
    }
  }

  /** navigator.credentials.get's answer to `options`: signed, its counter moved on. */
  assert(options: RequestOptionsJSON, forgery: Forgery = {}): AuthenticationResponseJSON {
    this.counter += 1
    const flags = UP | (forgery.userVerified === false ? 0 : UV)
    const authData = this.authData(forgery.rpId ?? options.rpId ?? this.rpId, flags)
    const clientData = this.clientData("webauthn.get", options.challenge, forgery.origin ?? this.origin)
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientData)]), this.privateKey)
    return {
      id: this.id,
      rawId: this.id,
      response: {
        clientDataJSON: b64(clientData),
        authenticatorData: b64(authData),
        signature: b64(signature),
        userHandle: this.userHandle,
      },
      clientExtensionResults: {},
      type: "public-key",
    }
  }
}
