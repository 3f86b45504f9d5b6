import { z } from 'zod';
import type { MailTransport } from './mail-transport.port';

/** The job name under which e-mails are queued. */
export const SEND_MAIL = 'send-mail';

export const sendMailJobSchema = z.object({
  to: z.string().min(1),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
});

export type SendMailJob = z.infer<typeof sendMailJobSchema>;

/**
 * The `send-mail` job handler, registered by the worker (BullMQ) and by the API in embedded mode
 * (SQLite queue) alike. A delivery failure rejects, so the queue retries it.
 */
export function sendMailJobHandler(transport: MailTransport): (data: unknown) => Promise<void> {
  return async (data) => {
    const message = sendMailJobSchema.parse(data);
    await transport.send(message);
  };
}
