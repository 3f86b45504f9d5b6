import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { CapturingSmtpServer } from '@app/testing';
import { signUp } from '../support/accounts';
import { mailSettled } from '../support/mail-settled';
import { startTestApp, type TestApp } from '../support/test-app';

const redisUrl = process.env.TEST_REDIS_URL;
const WORKER = join(__dirname, '..', '..', 'dist', 'apps', 'worker', 'main.js');

/**
 * The production mail path: the API's reactor enqueues on BullMQ (a real Redis), the worker
 * process consumes the job and sends it over SMTP (a real SMTP server on loopback).
 */
if (!redisUrl) {
  describe('e-mail over BullMQ and SMTP', () => it.todo('runs when TEST_REDIS_URL is set (npm test starts a Redis)'));
} else
  describe('e-mail over BullMQ and SMTP', () => {
    let smtp: CapturingSmtpServer;
    let site: TestApp;
    let worker: ChildProcess;
    let workerLog = '';

    beforeAll(async () => {
      smtp = await new CapturingSmtpServer().start();
      site = await startTestApp({ env: { REDIS_URL: redisUrl, SMTP_URL: smtp.url } });
      worker = spawn(process.execPath, [WORKER], {
        env: { ...process.env, DATA_DIR: site.dataDir, REDIS_URL: redisUrl, SMTP_URL: smtp.url, NO_COLOR: '1' },
      });
      worker.stdout?.on('data', (chunk) => (workerLog += chunk));
      worker.stderr?.on('data', (chunk) => (workerLog += chunk));
    });
    afterAll(async () => {
      worker?.kill('SIGTERM');
      await site?.dispose();
      await smtp?.stop();
    });

    it('delivers the confirmation e-mail of a signup, once', async () => {
      const user = await signUp(site, 'Queued Mail');
      const mail = await smtp.waitForMessageTo(user.email, 20_000).catch((error: Error) => {
        throw new Error(`${error.message}\nworker output:\n${workerLog}`);
      });
      expect(mail.parsed.subject).toBe('Confirm your e-mail address');
      expect(mail.parsed.text).toContain('http://localhost:3000/confirmemail?uname=');
      await mailSettled(site);
      expect(smtp.messages.filter((message) => message.envelopeTo.includes(user.email))).toHaveLength(1);
    });
  });
