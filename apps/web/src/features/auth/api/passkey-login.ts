import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { LoginResult } from '@app/contracts';
import { api } from '@/lib/api-client';
import { promptForPasskey } from '@/lib/passkey-prompt';

/**
 * A login with a passkey, no e-mail or password: POST /api/Account/LoginPasskey/Options, the
 * browser's prompt, then POST /api/Account/LoginPasskey with its answer (the usual login result).
 */
export async function loginWithPasskey({ rememberMe }: { rememberMe: boolean }): Promise<LoginResult> {
  const options = await api.post<PublicKeyCredentialRequestOptionsJSON>('/Account/LoginPasskey/Options', {}, { auth: false });
  const response = await promptForPasskey(options);
  return api.post<LoginResult>('/Account/LoginPasskey', { response, RememberMe: rememberMe }, { auth: false });
}

/** A login's second step with a passkey of the account instead of a code (`challenge` from the password step). */
export async function login2faWithPasskey({ challenge }: { challenge: string }): Promise<LoginResult> {
  const options = await api.post<PublicKeyCredentialRequestOptionsJSON>('/Account/Login2fa/PasskeyOptions', { challenge }, { auth: false });
  const response = await promptForPasskey(options);
  return api.post<LoginResult>('/Account/Login2fa/Passkey', { challenge, response }, { auth: false });
}
