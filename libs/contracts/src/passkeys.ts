import { z } from 'zod';

/** Passkeys (WebAuthn): the requests and answers of `/api/Account/Passkeys` and `/api/Account/LoginPasskey`. */
export const PASSKEY_MESSAGES = {
  responseRequired: '- response is required.',
  nameTooLong: '- name must be at most 100 characters.',
  nameRequired: '- name is required.',
  idInvalid: '- id is not valid.',
  challengeRequired: '- challenge is required.',
} as const;

export const PASSKEY_NAME_LENGTH = 100;

const base64url = z
  .string()
  .regex(/^[A-Za-z0-9_-]*$/)
  .max(100_000);

/**
 * What the browser's `navigator.credentials` answered, as @simplewebauthn/browser serializes it
 * (RegistrationResponseJSON / AuthenticationResponseJSON). Only its shape is checked here; the
 * server verifies every byte with @simplewebauthn/server.
 */
const credentialResponse = <T extends z.ZodRawShape>(response: T) =>
  z.object(
    {
      id: base64url.min(1).max(1400),
      rawId: base64url.min(1).max(1400),
      type: z.literal('public-key'),
      response: z.object(response),
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    },
    { error: PASSKEY_MESSAGES.responseRequired },
  );

export const registrationResponseSchema = credentialResponse({
  clientDataJSON: base64url.min(1),
  attestationObject: base64url.min(1),
  authenticatorData: base64url.optional(),
  transports: z.array(z.string().max(32)).max(10).optional(),
  publicKeyAlgorithm: z.number().int().optional(),
  publicKey: base64url.optional(),
});

export const authenticationResponseSchema = credentialResponse({
  clientDataJSON: base64url.min(1),
  authenticatorData: base64url.min(1),
  signature: base64url.min(1),
  userHandle: base64url.optional(),
});

const nameField = z.string().trim().min(1, PASSKEY_MESSAGES.nameRequired).max(PASSKEY_NAME_LENGTH, PASSKEY_MESSAGES.nameTooLong);

/** POST /api/Account/Passkeys: the browser's answer to the options of `Passkeys/Options`, and a name for it. */
export const registerPasskeyRequestSchema = z.object({
  name: nameField.optional(),
  response: registrationResponseSchema,
});
export type RegisterPasskeyRequest = z.infer<typeof registerPasskeyRequestSchema>;

/** PUT /api/Account/Passkeys/{id}. */
export const renamePasskeyRequestSchema = z.object({ name: nameField });
export type RenamePasskeyRequest = z.infer<typeof renamePasskeyRequestSchema>;

/** POST /api/Account/LoginPasskey: the browser's answer to the options of `LoginPasskey/Options`. */
export const loginPasskeyRequestSchema = z.object({
  response: authenticationResponseSchema,
  RememberMe: z.boolean().optional().default(false),
});
export type LoginPasskeyRequest = z.infer<typeof loginPasskeyRequestSchema>;

/** POST /api/Account/Login2fa/Passkey: the password step's challenge, and the browser's answer to `Login2fa/PasskeyOptions`. */
export const login2faPasskeyOptionsRequestSchema = z.object({
  challenge: z.string().min(1, PASSKEY_MESSAGES.challengeRequired).max(1000, PASSKEY_MESSAGES.challengeRequired),
});
export const login2faPasskeyRequestSchema = login2faPasskeyOptionsRequestSchema.extend({ response: authenticationResponseSchema });
export type Login2faPasskeyRequest = z.infer<typeof login2faPasskeyRequestSchema>;

/** A credential id in a path: base64url. */
export const passkeyIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,1400}$/, PASSKEY_MESSAGES.idInvalid);

/** GET /api/Account/Passkeys: one of the caller's passkeys. */
export interface PasskeySummary {
  /** The credential id (base64url). */
  id: string;
  name: string;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601, or null when it never signed in. */
  lastUsedAt: string | null;
  /** Synced to the owner's other devices (a multi-device passkey that is backed up). */
  synced: boolean;
  /** False for the last way to sign in of an account without a password or a linked identity. */
  canRemove: boolean;
}
