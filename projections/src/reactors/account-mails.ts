import { singleLine, type MailToSend } from '@app/mail';

export interface AccountMailInput {
  to: string;
  name: string;
  link: string;
}

const SIGNATURE = '\n\nThe DevCommunity team';
const EXPIRY_NOTE = 'The link expires after 15 minutes.';

/** Sent on signup and on 'resend confirmation link'. */
export function confirmEmailMail({ to, name: typed, link }: AccountMailInput): MailToSend {
  const name = singleLine(typed);
  return {
    to,
    subject: 'Confirm your e-mail address',
    text: `Hello ${name},\n\nPlease confirm your e-mail address by opening this link:\n${link}\n\n${EXPIRY_NOTE}${SIGNATURE}`,
    html: page(name, 'Please confirm your e-mail address.', 'Confirm my e-mail', link),
  };
}

export function resetPasswordMail({ to, name: typed, link }: AccountMailInput): MailToSend {
  const name = singleLine(typed);
  return {
    to,
    subject: 'Reset your password',
    text: `Hello ${name},\n\nSomeone (hopefully you) asked to reset your password. Open this link to choose a new one:\n${link}\n\n${EXPIRY_NOTE} If you did not ask for it, ignore this e-mail.${SIGNATURE}`,
    html: page(name, 'Someone (hopefully you) asked to reset your password.', 'Choose a new password', link),
  };
}

function page(name: string, intro: string, action: string, link: string): string {
  return `<p>Hello ${escapeHtml(name)},</p><p>${intro}</p><p><a href="${escapeHtml(link)}">${action}</a></p><p>${EXPIRY_NOTE}</p><p>The DevCommunity team</p>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** 'A new sign-in method was added': what was added, and what to do if it was not the owner. */
export function signInMethodAddedMail({
  to,
  name: typed,
  method,
  at,
}: {
  to: string;
  name: string;
  method: string;
  at: string;
}): MailToSend {
  const name = singleLine(typed);
  const intro = `A new sign-in method was added to your account on ${at}: ${method}.`;
  const advice =
    'If this was you, there is nothing to do. If it was not, reset your password at once (which also revokes every API token) and use "Log out everywhere" in your settings.';
  return {
    to,
    subject: 'A new sign-in method was added',
    text: `Hello ${name},\n\n${intro}\n\n${advice}${SIGNATURE}`,
    html: `<p>Hello ${escapeHtml(name)},</p><p>${escapeHtml(intro)}</p><p>${escapeHtml(advice)}</p><p>The DevCommunity team</p>`,
  };
}

/** A sign-in method was removed or turned off (two-factor disabled): the owner hears of it too. */
export function signInMethodRemovedMail({
  to,
  name: typed,
  method,
  at,
}: {
  to: string;
  name: string;
  method: string;
  at: string;
}): MailToSend {
  const name = singleLine(typed);
  const intro = `A sign-in method was removed from your account on ${at}: ${method}.`;
  const advice = 'If this was not you, reset your password at once and use "Log out everywhere" in your settings.';
  return {
    to,
    subject: 'A sign-in method was removed',
    text: `Hello ${name},\n\n${intro}\n\n${advice}${SIGNATURE}`,
    html: `<p>Hello ${escapeHtml(name)},</p><p>${escapeHtml(intro)}</p><p>${escapeHtml(advice)}</p><p>The DevCommunity team</p>`,
  };
}
