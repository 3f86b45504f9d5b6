import { z } from 'zod';
import { emailField, ifPresent, NAME_LENGTH, passwordField, requiredString, type RoleId } from './rules';

/** SPEC §5 account messages, verbatim (the login maximum message says 'at least' in the spec too). */
export const ACCOUNT_MESSAGES = {
  nameRequired: '- Name is required',
  nameTooShort: `- Name must be at least ${NAME_LENGTH.min} characters`,
  nameTooLong: `- Name must be max ${NAME_LENGTH.max} characters`,
  passwordRequired: '- Password is required',
  passwordTooShort: '- Password must be at least 8 characters',
  loginPasswordTooLong: '- Password must be at least 16 characters',
  passwordTooLong: '- Password must be max 16 characters',
  confirmPasswordRequired: '- Confirm Password is required',
  passwordNoMatch: '- Password does not match',
  /** A reset or confirmation link missing one of its parts; the same words as a forged link. */
  invalidLink: 'This link is invalid or has already been used.',
} as const;

/** SPEC §9: the answer to ForgotPassword and SendConfirmEmailLink, whatever the e-mail. */
export const LINK_SENT_MESSAGE = 'If email is valid, you will receive an email. Link will expire after 15mins.';

/** The error flag of the password-mismatch issue (`issue.params.PasswordNoMatch === true`). */
export const PASSWORD_NO_MATCH = 'PasswordNoMatch';

export const isPasswordNoMatch = (issue: { params?: Record<string, unknown> }): boolean => issue.params?.[PASSWORD_NO_MATCH] === true;

const loginPassword = passwordField({
  required: ACCOUNT_MESSAGES.passwordRequired,
  tooShort: ACCOUNT_MESSAGES.passwordTooShort,
  tooLong: ACCOUNT_MESSAGES.loginPasswordTooLong,
});

const newPassword = () =>
  passwordField({
    required: ACCOUNT_MESSAGES.passwordRequired,
    tooShort: ACCOUNT_MESSAGES.passwordTooShort,
    tooLong: ACCOUNT_MESSAGES.passwordTooLong,
  });

const displayName = requiredString(ACCOUNT_MESSAGES.nameRequired)
  .min(NAME_LENGTH.min, ifPresent(ACCOUNT_MESSAGES.nameTooShort))
  .max(NAME_LENGTH.max, ACCOUNT_MESSAGES.nameTooLong);

const linkPart = requiredString(ACCOUNT_MESSAGES.invalidLink);

/**
 * Adds the SPEC §5 mismatch rule to a form with a password and its confirmation. It runs as soon as
 * both are typed, whatever their other errors, so the confirmation field always tells the truth.
 */
function withMatchingPasswords<Shape extends z.ZodRawShape>(
  shape: Shape,
  password: keyof Shape & string,
  confirmation: keyof Shape & string,
) {
  return z.object(shape).refine((form) => (form as Record<string, unknown>)[password] === (form as Record<string, unknown>)[confirmation], {
    error: ACCOUNT_MESSAGES.passwordNoMatch,
    path: [confirmation],
    params: { [PASSWORD_NO_MATCH]: true },
    when: ({ value }) => {
      const form = (value ?? {}) as Record<string, unknown>;
      return typeof form[password] === 'string' && typeof form[confirmation] === 'string' && form[confirmation] !== '';
    },
  });
}

export const loginRequestSchema = z.object({
  Email: emailField(),
  Password: loginPassword,
  RememberMe: z.boolean().optional().default(false),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const signupRequestSchema = z.object({
  Name: displayName,
  Email: emailField(),
  Password: newPassword(),
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

/** The SPA's signup form: the request plus the confirmation. */
export const signupFormSchema = withMatchingPasswords(
  {
    Name: displayName,
    Email: emailField(),
    Password: newPassword(),
    ConfirmPassword: requiredString(ACCOUNT_MESSAGES.confirmPasswordRequired, { trim: false }),
  },
  'Password',
  'ConfirmPassword',
);
export type SignupForm = z.infer<typeof signupFormSchema>;

export const forgotPasswordRequestSchema = z.object({ Email: emailField() });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

export const sendConfirmEmailLinkRequestSchema = z.object({ Email: emailField() });
export type SendConfirmEmailLinkRequest = z.infer<typeof sendConfirmEmailLinkRequestSchema>;

/** `Created` and `Expire` travel as the decimal strings the link carries; the server checks them. */
export const resetPasswordRequestSchema = z.object({
  UName: linkPart,
  NewPassword: newPassword(),
  Created: linkPart,
  Expire: linkPart,
  hash: linkPart,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** SPEC §5 'Reset password': both fields required and 8-16; mismatch as for signup. */
export const resetPasswordFormSchema = withMatchingPasswords(
  {
    password: newPassword(),
    confirmPassword: passwordField({
      required: ACCOUNT_MESSAGES.confirmPasswordRequired,
      tooShort: ACCOUNT_MESSAGES.passwordTooShort,
      tooLong: ACCOUNT_MESSAGES.passwordTooLong,
    }),
  },
  'password',
  'confirmPassword',
);
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

export const confirmEmailRequestSchema = z.object({
  UName: linkPart,
  Created: linkPart,
  Expire: linkPart,
  hash: linkPart,
});
export type ConfirmEmailRequest = z.infer<typeof confirmEmailRequestSchema>;

export interface LoginResult {
  userName: string;
  name: string;
  token: string;
  roleId: RoleId;
}

export interface TokenValidationResult {
  userName: string;
  name: string;
  roleId: RoleId;
}
