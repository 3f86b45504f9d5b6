import { Inject, Injectable } from '@nestjs/common';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { AppConfig } from '@app/config';
import type { PasskeyRecord, RegisterPasskey } from '@app/domain';
import { APP_CONFIG } from '../infrastructure/tokens';

/** How long the browser offers the ceremony; the challenge lives a little longer (PASSKEY_CHALLENGE_LIFETIME_MS). */
const CEREMONY_TIMEOUT_MS = 2 * 60 * 1000;

export type VerifiedPasskey = RegisterPasskey['passkey'];

/**
 * This site as a WebAuthn relying party (@simplewebauthn/server), with its RP ID, name and origins
 * from the configuration. Every ceremony requires user verification (a PIN or a biometric on the
 * authenticator), so a passkey is two factors at once; sign-in uses discoverable credentials
 * (the passkey names its account by the user handle, the opaque account id), so no e-mail is asked.
 */
@Injectable()
export class RelyingParty {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  registrationOptions(
    account: { accountId: string; userName: string; name: string },
    registered: readonly PasskeyRecord[],
  ): Promise<PublicKeyCredentialCreationOptionsJSON> {
    return generateRegistrationOptions({
      rpName: this.config.webAuthn.rpName,
      rpID: this.config.webAuthn.rpId,
      userName: account.userName,
      userDisplayName: account.name,
      userID: new TextEncoder().encode(account.accountId),
      timeout: CEREMONY_TIMEOUT_MS,
      attestationType: 'none',
      excludeCredentials: registered.map((passkey) => ({ id: passkey.credentialId, transports: [...passkey.transports] })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
  }

  /** The new passkey, or null when the answer does not hold (wrong challenge, origin or RP ID, no user verification, a bad attestation). */
  async verifyRegistration(response: RegistrationResponseJSON, expectedChallenge: string): Promise<VerifiedPasskey | null> {
    try {
      const verified = await verifyRegistrationResponse({
        response,
        expectedChallenge,
        expectedOrigin: this.config.webAuthn.origins,
        expectedRPID: this.config.webAuthn.rpId,
        requireUserVerification: true,
      });
      if (!verified.verified) return null;
      const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo;
      return {
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? response.response.transports ?? [],
        deviceType: credentialDeviceType,
        backedUp: credentialBackedUp,
      };
    } catch {
      return null;
    }
  }

  /** `allow`: the passkeys that may answer (a login's second step); none: any discoverable passkey of this site. */
  authenticationOptions(allow?: readonly PasskeyRecord[], challenge?: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
    return generateAuthenticationOptions({
      rpID: this.config.webAuthn.rpId,
      timeout: CEREMONY_TIMEOUT_MS,
      userVerification: 'required',
      ...(allow ? { allowCredentials: allow.map((passkey) => ({ id: passkey.credentialId, transports: [...passkey.transports] })) } : {}),
      ...(challenge ? { challenge: Buffer.from(challenge, 'base64url') } : {}),
    });
  }

  /**
   * The signature count and backup state the passkey reported, or null when the assertion does not
   * hold (signature, challenge, origin, RP ID, user verification, or a signature count that went back).
   */
  async verifyAuthentication(
    response: AuthenticationResponseJSON,
    expectedChallenge: string,
    passkey: PasskeyRecord,
  ): Promise<{ counter: number; backedUp: boolean } | null> {
    try {
      const verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge,
        expectedOrigin: this.config.webAuthn.origins,
        expectedRPID: this.config.webAuthn.rpId,
        credential: {
          id: passkey.credentialId,
          publicKey: Buffer.from(passkey.publicKey, 'base64url'),
          counter: passkey.counter,
          transports: [...passkey.transports],
        },
        requireUserVerification: true,
      });
      if (!verified.verified) return null;
      return { counter: verified.authenticationInfo.newCounter, backedUp: verified.authenticationInfo.credentialBackedUp };
    } catch {
      return null;
    }
  }
}

/** The challenge the browser signed, read from the answer's client data; null when it is not there. */
export function challengeOf(response: { response: { clientDataJSON: string } }): string | null {
  try {
    const clientData = JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof clientData.challenge === 'string' && /^[A-Za-z0-9_-]{16,200}$/.test(clientData.challenge) ? clientData.challenge : null;
  } catch {
    return null;
  }
}

/** The account a discoverable passkey names (its user handle, set to the account id at registration); null without one. */
export function accountIdOfUserHandle(userHandle: string | undefined): string | null {
  if (!userHandle) return null;
  const accountId = Buffer.from(userHandle, 'base64url').toString('utf8');
  return /^[0-9a-f-]{36}$/.test(accountId) ? accountId : null;
}
