import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer | Uint8Array) => Buffer.from(data).toString('base64url');

/** authenticatorData flags (WebAuthn §6.1): user present, user verified, attested credential data included. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

/**
 * A software passkey for HTTP tests: an ES256 key pair that answers registration options ('none'
 * attestation) and signs assertions as a platform authenticator would. `origin` and `rpId` are
 * what the browser would put in (the test app's PUBLIC_URL is http://localhost:3000). `counter`
 * is its signature count: 0 keeps none (as synced passkeys), otherwise it goes up by one per use.
 */
export class SoftPasskey {
  readonly credentialId = b64url(randomBytes(16));
  counter: number;
  /** The user handle the site gave at registration (base64url), sent back with each assertion. */
  userHandle: string | undefined;
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;

  constructor(private readonly options: { origin?: string; rpId?: string; counter?: number; userVerified?: boolean } = {}) {
    ({ privateKey: this.privateKey, publicKey: this.publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' }));
    this.counter = options.counter ?? 0;
  }

  /** The answer to `Passkeys/Options` as @simplewebauthn/browser's startRegistration serializes it. */
  register(creationOptions: { challenge: string; user: { id: string } }) {
    this.userHandle = creationOptions.user.id;
    const { x, y } = this.publicKey.export({ format: 'jwk' });
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(x ?? '', 'base64url')],
      [-3, Buffer.from(y ?? '', 'base64url')],
    ]);
    const credentialId = Buffer.from(this.credentialId, 'base64url');
    const length = Buffer.alloc(2);
    length.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      this.authDataHead(UP | this.uv() | AT),
      Buffer.alloc(16), // AAGUID: none
      length,
      credentialId,
      Buffer.from(isoCBOR.encode(coseKey)),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key' as const,
      response: {
        clientDataJSON: this.clientData('webauthn.create', creationOptions.challenge),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }

  /** A signed assertion over `challenge` as startAuthentication serializes it; `userHandle: null` leaves it out. */
  assert(challenge: string, overrides: { userHandle?: string | null } = {}) {
    if (this.counter > 0) this.counter += 1;
    const authenticatorData = this.authDataHead(UP | this.uv());
    const clientDataJSON = this.clientData('webauthn.get', challenge);
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(Buffer.from(clientDataJSON, 'base64url'))]), this.privateKey);
    const userHandle = overrides.userHandle === null ? undefined : (overrides.userHandle ?? this.userHandle);
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key' as const,
      response: {
        clientDataJSON,
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        ...(userHandle ? { userHandle } : {}),
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }

  private uv(): number {
    return this.options.userVerified === false ? 0 : UV;
  }

  private authDataHead(flags: number): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(this.options.rpId ?? 'localhost'), Buffer.from([flags]), count]);
  }

  private clientData(type: string, challenge: string): string {
    return b64url(
      Buffer.from(JSON.stringify({ type, challenge, origin: this.options.origin ?? 'http://localhost:3000', crossOrigin: false })),
    );
  }
}
