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

/** What a notice about the owner's sign-in tells: what happened, when, and what to do if it was not them. */
export interface SignInNoticeInput {
  to: string;
  name: string;
  at: string;
}

/** A plain notice to the owner: a subject, one paragraph of what happened and one of advice. */
function noticeMail({ to, name: typed }: SignInNoticeInput, subject: string, intro: string, advice: string): MailToSend {
  const name = singleLine(typed);
  return {
    to,
    subject,
    text: `Hello ${name},\n\n${intro}\n\n${advice}${SIGNATURE}`,
    html: `<p>Hello ${escapeHtml(name)},</p><p>${escapeHtml(intro)}</p><p>${escapeHtml(advice)}</p><p>The DevCommunity team</p>`,
  };
}

/** 'A new sign-in method was added': what was added, and what to do if it was not the owner. */
export function signInMethodAddedMail(input: SignInNoticeInput & { method: string }): MailToSend {
  return noticeMail(
    input,
    'A new sign-in method was added',
    `A new sign-in method was added to your account on ${input.at}: ${singleLine(input.method)}.`,
    'If this was you, there is nothing to do. If it was not, reset your password at once (which also revokes every API token) and use "Log out everywhere" in your settings.',
  );
}

/** A sign-in method was removed or turned off (two-factor disabled, an API token revoked): the owner hears of it too. */
export function signInMethodRemovedMail(input: SignInNoticeInput & { method: string }): MailToSend {
  return noticeMail(
    input,
    'A sign-in method was removed',
    `A sign-in method was removed from your account on ${input.at}: ${singleLine(input.method)}.`,
    'If this was not you, reset your password at once and use "Log out everywhere" in your settings.',
  );
}

/** Someone logged in: with what browser, on what device, from what address, so the owner spots a stranger. */
export function newSessionMail(input: SignInNoticeInput & { browser: string; device: string; address: string }): MailToSend {
  return noticeMail(
    input,
    'New sign-in to your account',
    `Your account was signed in to on ${input.at} with ${singleLine(input.browser)} on ${singleLine(input.device)}, from the address ${singleLine(input.address)}.`,
    'If this was you, there is nothing to do. If it was not, end that session under "Active sessions" in your settings and reset your password at once.',
  );
}
