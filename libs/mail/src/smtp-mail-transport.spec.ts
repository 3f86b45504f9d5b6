import { SMTPServer } from 'smtp-server';
import { AddressInfo } from 'node:net';
import { CONTRACT_FROM, describeMailTransportContract } from './mail-transport.contract';
import { SmtpMailTransport } from './smtp-mail-transport';
import { CapturingSmtpServer } from '@app/testing';
import { deliveredMail } from '@app/testing';

describeMailTransportContract('SMTP to a real server on loopback', async () => {
  const server = await new CapturingSmtpServer().start();
  return {
    transport: new SmtpMailTransport({ url: server.url, from: CONTRACT_FROM }),
    delivered: async () => server.messages.map((message) => deliveredMail(message.parsed)),
    dispose: () => server.stop(),
  };
});

describe('SmtpMailTransport', () => {
  it('hands the envelope recipient to the server', async () => {
    const server = await new CapturingSmtpServer().start();
    const transport = new SmtpMailTransport({ url: server.url, from: CONTRACT_FROM });
    try {
      await transport.send({ to: 'grace@example.com', subject: 'Hi', text: 'Hello' });
      const captured = await server.waitForMessageTo('grace@example.com');
      expect(captured.envelopeTo).toEqual(['grace@example.com']);
    } finally {
      await transport.close();
      await server.stop();
    }
  });

  it('rejects when the server refuses the recipient, so the job is retried', async () => {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo: (_address, _session, callback) => callback(new Error('Mailbox unavailable')),
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const { port } = server.server.address() as AddressInfo;
    const transport = new SmtpMailTransport({ url: `smtp://127.0.0.1:${port}`, from: CONTRACT_FROM });
    try {
      await expect(transport.send({ to: 'nobody@example.com', subject: 'Hi', text: 'Hello' })).rejects.toThrow(/Mailbox unavailable/);
    } finally {
      await transport.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('rejects when no server listens', async () => {
    const transport = new SmtpMailTransport({ url: 'smtp://127.0.0.1:1', from: CONTRACT_FROM });
    await expect(transport.send({ to: 'ada@example.com', subject: 'Hi', text: 'Hello' })).rejects.toThrow();
    await transport.close();
  });
});
