import { MailMessage, MailTransport } from './mail-transport.port';
import type { DeliveredMail } from '@app/testing';

export interface MailTransportUnderTest {
  transport: MailTransport;
  /** Every message delivered so far (in any order), as the receiving side parsed it. */
  delivered(): Promise<DeliveredMail[]>;
  dispose(): Promise<void>;
}

export const CONTRACT_FROM = 'DevCommunity <no-reply@devcommunity.test>';

/** The one suite every MailTransport passes; `start` builds a fresh transport (and receiver) per test. */
export function describeMailTransportContract(name: string, start: () => Promise<MailTransportUnderTest>): void {
  describe(`MailTransport contract: ${name}`, () => {
    let subject: MailTransportUnderTest;

    beforeEach(async () => {
      subject = await start();
    });

    afterEach(async () => {
      await subject.transport.close();
      await subject.dispose();
    });

    it('delivers recipient, sender, subject, text and html intact', async () => {
      const message: MailMessage = {
        to: 'ada@example.com',
        subject: 'Reset your password — DevCommunity',
        text: 'Hello Ada,\n\nopen http://localhost:3000/resetpassword?uname=ada&created=1&expire=2&hash=abc to reset it.\n',
        html: '<p>Hello Ada,</p><p><a href="http://localhost:3000/resetpassword?uname=ada">Reset it</a></p>',
      };

      const sent = await subject.transport.send(message);

      const delivered = await subject.delivered();
      expect(delivered).toHaveLength(1);
      expect(delivered[0]).toEqual({
        to: 'ada@example.com',
        from: 'no-reply@devcommunity.test',
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: sent.messageId,
      });
    });

    it('delivers a text-only message and each message separately', async () => {
      await subject.transport.send({ to: 'one@example.com', subject: 'First', text: 'first body' });
      await subject.transport.send({ to: 'two@example.com', subject: 'Second', text: 'second body' });

      const delivered = (await subject.delivered()).sort((a, b) => a.to.localeCompare(b.to));
      expect(delivered.map(({ to, subject: title, text, html }) => ({ to, title, text: text.trim(), html }))).toEqual([
        { to: 'one@example.com', title: 'First', text: 'first body', html: undefined },
        { to: 'two@example.com', title: 'Second', text: 'second body', html: undefined },
      ]);
    });
  });
}
