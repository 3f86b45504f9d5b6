import type {
  ConfirmEmailRequest,
  ForgotPasswordRequest,
  LoginRequest,
  ResetPasswordRequest,
  SendConfirmEmailLinkRequest,
  SignupRequest,
} from '@app/contracts';
import { api } from '@/lib/api-client';
import type { LoginResult } from '@app/contracts';

/** SPEC §7 Account calls. None of them sends a bearer token. */
export const accountApi = {
  login: (request: LoginRequest) => api.post<LoginResult>('/Account/Login', request, { auth: false }),
  signup: (request: SignupRequest) => api.post<LoginResult>('/Account/Signup', request, { auth: false }),
  /** Answers the same message whether or not the e-mail is registered. */
  forgotPassword: (request: ForgotPasswordRequest) => api.post<string>('/Account/ForgotPassword', request, { auth: false }),
  sendConfirmEmailLink: (request: SendConfirmEmailLinkRequest) =>
    api.post<string>('/Account/SendConfirmEmailLink', request, { auth: false }),
  resetPassword: (request: ResetPasswordRequest) => api.post<string>('/Account/ResetPassword', request, { auth: false }),
  confirmEmail: (request: ConfirmEmailRequest) => api.post<boolean>('/Account/ConfirmEmail', request, { auth: false }),
};
