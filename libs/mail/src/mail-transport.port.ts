/**
 * The MailTransport port: hands one message to whatever delivers mail.
 *
 * `send` resolves once the message is accepted (by the SMTP server, or written to disk) and
 * rejects otherwise, so a job that sends mail is retried when delivery did not happen.
 */
export interface MailTransport {
  send(message: MailMessage): Promise<SentMail>;
  close(): Promise<void>;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. `List-Unsubscribe` and `List-Unsubscribe-Post` on notifications. */
  headers?: Record<string, string>;
  /**
   * The account ids whose personal data the message carries (its recipient, a commenter it
   * names). Never sent: the file transport keeps them in the `.eml` (PERSONAL_DATA_OF_HEADER) so
   * erasing any of them deletes the file, and a queued message naming an erased account is dropped.
   */
  about?: string[];
}

export interface SentMail {
  messageId: string;
}

/** What the transports log through; Nest's `Logger` fits. */
export interface MailLogger {
  log(message: string): void;
}
