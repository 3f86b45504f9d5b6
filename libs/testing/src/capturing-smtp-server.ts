import { AddressInfo } from 'node:net';
import { ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  envelopeTo: string[];
  parsed: ParsedMail;
}

/**
 * A real SMTP server on loopback that keeps every message it accepts (tests only).
 * `url` is what SMTP_URL should be set to.
 */
export class CapturingSmtpServer {
  readonly messages: CapturedMail[] = [];
  private readonly server: SMTPServer;
  private port = 0;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        simpleParser(stream)
          .then((parsed) => {
            this.messages.push({ envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address), parsed });
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => resolve());
    });
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  /** The first message sent to `to`, waiting for it to arrive. */
  async waitForMessageTo(to: string, timeoutMs = 5000): Promise<CapturedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find((message) => message.envelopeTo.includes(to));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`No mail to ${to} arrived within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
