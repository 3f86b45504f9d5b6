import { createTransport, Transporter } from 'nodemailer';
import SMTPTransport from 'nodemailer/lib/smtp-transport';
import { MailMessage, MailTransport, SentMail } from './mail-transport.port';

export interface SmtpMailTransportOptions {
  /** smtp://user:pass@host:port, smtps://... ; query options such as `?ignoreTLS=true` are honoured by nodemailer. */
  url: string;
  from: string;
}

/** Sends over SMTP (Mailpit in docker-compose, a real relay in production). */
export class SmtpMailTransport implements MailTransport {
  private readonly transporter: Transporter<SMTPTransport.SentMessageInfo>;

  constructor(private readonly options: SmtpMailTransportOptions) {
    this.transporter = createTransport(options.url);
  }

  async send({ about: _about, ...message }: MailMessage): Promise<SentMail> {
    const info = await this.transporter.sendMail({ from: this.options.from, ...message });
    if (info.rejected.length > 0) {
      throw new Error(`The SMTP server refused ${info.rejected.map(String).join(', ')}: ${info.response}`);
    }
    return { messageId: info.messageId };
  }

  async close(): Promise<void> {
    this.transporter.close();
  }
}
