import { z } from 'zod';
import type { MailTransport } from './mail-transport.port';

/** The job name under which e-mails are queued. */
export const SEND_MAIL = 'send-mail';

export const mailMessageSchema = z.object({
  to: z.string().min(1),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  /** Extra headers, e.g. `List-Unsubscribe` on notifications. */
  headers: z.record(z.string(), z.string()).optional(),
  /** See MailMessage.about. */
  about: z.array(z.string().min(1)).optional(),
});

export type MailToSend = z.infer<typeof mailMessageSchema>;

/**
 * A queued e-mail names its recipient only inside data sealed with the recipient's own key: the
 * queue keeps waiting, failed and finished jobs, and once the account is erased (its key shredded)
 * none of them holds the address, the name or the link in clear.
 */
export const sendMailJobSchema = z.object({
  accountId: z.string().min(1),
  sealed: z.object({ v: z.literal(1), iv: z.string(), tag: z.string(), data: z.string() }),
});

export type SendMailJob = z.infer<typeof sendMailJobSchema>;

/** Opens a job's sealed message: the personal-data vault's `open`; null once the key is shredded. */
export type OpenSealedMail = (accountId: string, sealed: SendMailJob['sealed']) => Promise<object | null>;

/** Whether an account was erased (its key shredded): the personal-data vault's `isErased`. */
export type IsErased = (accountId: string) => Promise<boolean>;

/** The personal-data vault as the handler reads it. */
export interface MailVault {
  open: OpenSealedMail;
  isErased: IsErased;
}

/**
 * The `send-mail` job handler, registered by the worker (BullMQ) and by the API in embedded mode
 * (SQLite queue) alike. A delivery failure rejects, so the queue retries it. A job whose recipient
 * was erased meanwhile completes without sending: there is nobody to write to. So does one that
 * names someone erased meanwhile (a commenter in a notification): their name goes nowhere.
 */
export function sendMailJobHandler(transport: MailTransport, open: OpenSealedMail, isErased: IsErased): (data: unknown) => Promise<void> {
  return async (data) => {
    const { accountId, sealed } = sendMailJobSchema.parse(data);
    const opened = await open(accountId, sealed);
    if (!opened) return;
    const message = mailMessageSchema.parse(opened);
    for (const named of message.about ?? []) if (named !== accountId && (await isErased(named))) return;
    await transport.send(message);
  };
}

/** `sendMailJobHandler` over the personal-data vault (its `open` and `isErased`). */
export const sendMailJobHandlerWithVault = (transport: MailTransport, vault: MailVault) =>
  sendMailJobHandler(
    transport,
    (accountId, sealed) => vault.open(accountId, sealed),
    (accountId) => vault.isErased(accountId),
  );
