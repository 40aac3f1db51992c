/**
 * A software WebAuthn authenticator for protocol tests: a real implementation of the authenticator side
 * (WebAuthn Level 3 §6: authenticator data, "none" attestation, ES256 assertions over
 * authenticatorData || SHA-256(clientDataJSON)), with node:crypto keys. Not a mock of the runtime: the
 * runtime verifies its output with @simplewebauthn/server exactly as it does a browser's.
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";

type CborValue = number | string | Uint8Array | Map<CborValue, CborValue> | Record<string, unknown>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const buffer = Buffer.alloc(5);
  buffer[0] = (major << 5) | 26;
  buffer.writeUInt32BE(length, 1);
  return buffer;
}

/** The subset of CBOR (RFC 8949) that attestation objects and COSE keys use. */
export function cbor(value: CborValue): Buffer {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") {
    const bytes = Buffer.from(value, "utf8");
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const entries = value instanceof Map ? [...value] : Object.entries(value);
  return Buffer.concat([
    head(5, entries.length),
    ...entries.flatMap(([key, entry]) => [cbor(key as CborValue), cbor(entry as CborValue)]),
  ]);
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_CREDENTIAL = 0x40;

export interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}
export interface RequestOptions {
  challenge: string;
  rpId?: string;
  allowCredentials?: Array<{ id: string }>;
}

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  private userHandle: string | undefined;
  /** The signature counter reported next (incremented before each assertion unless `fixedCounter`). */
  counter = 0;
  fixedCounter = false;

  constructor(readonly origin: string) {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: "jwk" });
    this.publicJwk = { x: jwk.x!, y: jwk.y! };
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** The credential id as the adapter stores it (standard base64). */
  get storedId(): string {
    return this.credentialId.toString("base64");
  }

  private authenticatorData(rpId: string, flags: number, attested?: Buffer): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), counter, ...(attested ? [attested] : [])]);
  }

  private clientData(type: "webauthn.create" | "webauthn.get", challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), "utf8");
  }

  /** `navigator.credentials.create()` followed by `toJSON()`. */
  create(options: CreationOptions, overrides: { origin?: string; rpId?: string } = {}) {
    this.userHandle = options.user.id;
    const rpId = overrides.rpId ?? options.rp.id ?? new URL(this.origin).hostname;
    const coseKey = new Map<CborValue, CborValue>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(this.publicJwk.x, "base64url")],
      [-3, Buffer.from(this.publicJwk.y, "base64url")],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, cbor(coseKey)]);
    const authData = this.authenticatorData(
      rpId,
      FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_CREDENTIAL,
      attested,
    );
    const attestationObject = cbor({ fmt: "none", attStmt: new Map(), authData });
    const clientDataJSON = this.clientData("webauthn.create", options.challenge, overrides.origin ?? this.origin);
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  /** `navigator.credentials.get()` followed by `toJSON()`. */
  get(options: RequestOptions, overrides: { origin?: string; rpId?: string } = {}) {
    if (!this.fixedCounter) this.counter += 1;
    const rpId = overrides.rpId ?? options.rpId ?? new URL(this.origin).hostname;
    const authData = this.authenticatorData(rpId, FLAG_USER_PRESENT | FLAG_USER_VERIFIED);
    const clientDataJSON = this.clientData("webauthn.get", options.challenge, overrides.origin ?? this.origin);
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }
}
