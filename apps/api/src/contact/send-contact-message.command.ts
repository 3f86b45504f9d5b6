import { randomUUID } from 'node:crypto';
import { Inject, ServiceUnavailableException } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { AppConfig } from '@app/config';
import { CONTACT_MESSAGES, type ContactRequest } from '@app/contracts';
import { SEND_MAIL, type MailToSend, type SendMailJob } from '@app/mail';
import { PersonalDataVault } from '@app/personal-data';
import type { JobQueue } from '@app/queue';
import { APP_CONFIG, JOB_QUEUE } from '../infrastructure/tokens';
import { AbuseLimits } from '../rate-limits/abuse-limits';

/** POST /api/Contact: a visitor's message to the site owner, by e-mail. */
export class SendContactMessageCommand extends Command<true> {
  constructor(
    readonly request: ContactRequest,
    readonly clientAddress: string,
  ) {
    super();
  }
}

/**
 * Queues the message for CONTACT_EMAIL through the mail queue every e-mail takes (retried by the
 * worker, never sent inside the request), Reply-To the sender so the owner answers with one click.
 * The queue keeps jobs, and the sender's address and words are personal data: the job is sealed
 * with a key of its own, like every queued mail. Abuse-limited per client address.
 */
@CommandHandler(SendContactMessageCommand)
export class SendContactMessageHandler implements ICommandHandler<SendContactMessageCommand, true> {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly vault: PersonalDataVault,
    private readonly limits: AbuseLimits,
  ) {}

  async execute({ request, clientAddress }: SendContactMessageCommand): Promise<true> {
    const to = this.config.contactEmail;
    if (!to) throw new ServiceUnavailableException(CONTACT_MESSAGES.unavailable);
    return this.limits.limited('contact', clientAddress, async () => {
      const id = randomUUID();
      const mail: MailToSend = {
        to,
        subject: `Contact form: ${request.name}`,
        text: `${request.name} <${request.email}> wrote through the contact form:\n\n${request.message}\n`,
        headers: { 'Reply-To': request.email },
      };
      const sealedFor = `contact-${id}`;
      const job: SendMailJob = { accountId: sealedFor, sealed: await this.vault.seal(sealedFor, mail) };
      await this.queue.enqueue({ id, name: SEND_MAIL, data: job });
      return true as const;
    });
  }
}
