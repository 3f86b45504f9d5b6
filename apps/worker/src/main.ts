import { Logger } from '@nestjs/common';
import { loadConfig } from '@app/config';
import { createMailTransport, SEND_MAIL, sendMailJobHandlerWithVault } from '@app/mail';
import { createKeyStore, PersonalDataVault } from '@app/personal-data';
import { createJobQueue } from '@app/queue';

/**
 * The worker process: consumes BullMQ jobs (e-mail for now). Embedded mode has no worker: there
 * the API registers the same handlers on its in-process SQLite queue.
 */
async function main(): Promise<void> {
  const logger = new Logger('Worker');
  const config = loadConfig();
  if (!config.redisUrl) {
    logger.error('The worker consumes BullMQ jobs; set REDIS_URL. Without it the API process sends mail itself.');
    process.exitCode = 1;
    return;
  }

  const queue = createJobQueue({ dataDir: config.dataDir, redisUrl: config.redisUrl, onError: (error) => logger.error(error) });
  const transport = createMailTransport({ dataDir: config.dataDir, smtpUrl: config.smtpUrl, from: config.mailFrom, logger });
  // Mail jobs are sealed with the recipient's key (see SendMailJob): the worker opens them at send time.
  const keyStore = await createKeyStore(config);
  const vault = new PersonalDataVault(keyStore);

  let stopping = false;
  const stop = async (signal: NodeJS.Signals): Promise<void> => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal} received: finishing running jobs`);
    try {
      await queue.close();
      await transport.close();
      await keyStore.close();
      logger.log('Stopped');
    } catch (error) {
      logger.error(error);
      process.exitCode = 1;
    }
  };
  process.once('SIGTERM', (signal) => void stop(signal));
  process.once('SIGINT', (signal) => void stop(signal));

  await queue.process(SEND_MAIL, sendMailJobHandlerWithVault(transport, vault), { concurrency: 5 });
  logger.log(
    `Consuming "${SEND_MAIL}" jobs from ${redactedUrl(config.redisUrl)}; mail goes ${config.smtpUrl ? `over SMTP to ${redactedUrl(config.smtpUrl)}` : `to ${config.dataDir}/mail`}`,
  );
}

/** A URL for the log, without its password. */
function redactedUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

main().catch((error: unknown) => {
  new Logger('Worker').error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
