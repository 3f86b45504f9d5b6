import { z } from 'zod';
import { emailField, requiredString } from './rules';

/** The contact form (POST /api/Contact): who writes, and what. */
export const CONTACT_LIMITS = { name: 100, message: 5000 } as const;

export const CONTACT_MESSAGES = {
  nameRequired: '- Name is required',
  nameTooLong: `- Name must be max ${CONTACT_LIMITS.name} characters`,
  nameInvalid: '- Name must be one line of text',
  messageRequired: '- Message is required',
  messageTooLong: `- Message must be max ${CONTACT_LIMITS.message} characters`,
  unavailable: 'The contact form is not available right now: the site has no contact address configured. Please try again later.',
  sent: 'Thank you: your message was sent. I will answer at the e-mail address you gave.',
} as const;

/** Control characters (line breaks included): a name becomes part of a mail header. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

export const contactRequestSchema = z.object({
  name: requiredString(CONTACT_MESSAGES.nameRequired)
    .max(CONTACT_LIMITS.name, CONTACT_MESSAGES.nameTooLong)
    .refine((name) => !CONTROL_CHARACTERS.test(name), CONTACT_MESSAGES.nameInvalid),
  email: emailField(),
  message: requiredString(CONTACT_MESSAGES.messageRequired).max(CONTACT_LIMITS.message, CONTACT_MESSAGES.messageTooLong),
});
export type ContactRequestInput = z.input<typeof contactRequestSchema>;
export type ContactRequest = z.output<typeof contactRequestSchema>;
