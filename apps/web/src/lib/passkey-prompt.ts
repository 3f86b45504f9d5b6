import { browserSupportsWebAuthn, startAuthentication, startRegistration } from '@simplewebauthn/browser';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { ApiError } from '@/lib/api-client';

export const PASSKEY_PROMPT_CLOSED = 'No passkey was used: the prompt was closed or timed out.';
export const PASSKEYS_UNSUPPORTED = 'This browser cannot use passkeys.';

export const passkeysSupported = (): boolean => typeof window !== 'undefined' && browserSupportsWebAuthn();

/**
 * The browser's passkey prompt (@simplewebauthn/browser). Its failures become an ApiError with a
 * sentence to show (status 0: the server was not asked), like the API's own refusals.
 */
async function prompt<T>(ceremony: () => Promise<T>): Promise<T> {
  if (!passkeysSupported()) throw new ApiError(PASSKEYS_UNSUPPORTED, 0);
  try {
    return await ceremony();
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    const code = (error as { code?: string } | null)?.code;
    if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') throw new ApiError('This passkey is already registered.', 0);
    if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED')
      throw new ApiError(PASSKEY_PROMPT_CLOSED, 0);
    throw new ApiError(error instanceof Error && error.message ? error.message : PASSKEY_PROMPT_CLOSED, 0);
  }
}

/** Makes a new passkey from the server's registration options (the answer goes back to the server as is). */
export const promptForNewPasskey = (optionsJSON: PublicKeyCredentialCreationOptionsJSON) =>
  prompt(() => startRegistration({ optionsJSON }));

/** Signs with a passkey from the server's authentication options. */
export const promptForPasskey = (optionsJSON: PublicKeyCredentialRequestOptionsJSON) => prompt(() => startAuthentication({ optionsJSON }));
