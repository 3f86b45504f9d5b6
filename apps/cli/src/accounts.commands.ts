import type { Command } from 'commander';
import { suspendRequestSchema, suspensionEnd, SUSPENSION_MESSAGES } from '@app/contracts';
import { accountDecider, accountStreamName, DomainError, type AccountCommand } from '@app/domain';
import { decideAndAppend } from '@app/event-store';
import { emailLookupHash } from '@app/personal-data';
import { accountIdByEmailLookup, createProjectionTargets } from '@app/projections';
import { eraseAccount, type SiteEngines } from '@app/api';
import { CliError, withEngines, type CliContext } from './cli-context';

export function registerAccountCommands(program: Command): void {
  const roleCommand = (name: string, type: 'GrantAdmin' | 'RevokeAdmin', done: string) =>
    program
      .command(`${name} <email>`)
      .description(
        `${type === 'GrantAdmin' ? 'Make' : 'Stop making'} the account with this e-mail an admin (ends its sessions: it logs in again with the new role)`,
      )
      .action((email: string) =>
        withEngines(async (context) => {
          const changed = await decideAsOperator(context, email, (accountId, now) => ({ type, accountId, now }));
          console.log(changed ? `${email} ${done}.` : `${email}: nothing to change.`);
        }),
      );
  roleCommand('grant-admin', 'GrantAdmin', 'is now an admin');
  roleCommand('revoke-admin', 'RevokeAdmin', 'is no longer an admin');

  program
    .command('suspend-user <email>')
    .description('Suspend the account with this e-mail (ends its sessions; login answers 403 until then): indefinitely, or --until a date')
    .option('--until <date>', 'ISO date or date-time the suspension ends (e.g. 2026-12-01)')
    .option('--reason <text>', 'shown to the person when they try to log in', 'Suspended by the site operator.')
    .action((email: string, options: { until?: string; reason: string }) =>
      withEngines(async (context) => {
        const parsed = suspendRequestSchema.shape.until.safeParse(options.until ?? null);
        if (!parsed.success) throw new CliError(SUSPENSION_MESSAGES.until.replace('- until', '--until'));
        const until = suspensionEnd(parsed.data);
        await decideAsOperator(context, email, (accountId, now) => ({
          type: 'SuspendAccount',
          accountId,
          until,
          reason: options.reason,
          now,
        }));
        console.log(`${email} is suspended ${until ? `until ${until.toISOString()}` : 'indefinitely'}.`);
      }),
    );

  program
    .command('unsuspend-user <email>')
    .description('Lift the suspension of the account with this e-mail')
    .action((email: string) =>
      withEngines(async (context) => {
        const changed = await decideAsOperator(context, email, (accountId, now) => ({ type: 'UnsuspendAccount', accountId, now }));
        console.log(changed ? `${email} is no longer suspended.` : `${email}: not suspended.`);
      }),
    );

  program
    .command('erase-user <email>')
    .description('Erase the account with this e-mail (crypto-shredding: its key is deleted; the e-mail and user name become free)')
    .action((email: string) =>
      withEngines(async (engines) => {
        const { config, eventStore, vault } = engines;
        const accountId = await accountIdOf(engines, email);
        const position = await eraseAccount({ eventStore, vault, dataDir: config.dataDir }, accountId, email, true, new Date());
        console.log(`${email} is erased.`);
        // The running site's projections drop the name and e-mail; then their old copies go from the read store's files.
        if (position !== null && !(await projectionsReach(engines, position, 10_000)))
          console.log('The read models have not caught up yet (is the site running?): their old copies go at the next erasure or restore.');
        await engines.readStore.purgeDeleted();
      }),
    );
}

/** The account with this e-mail, found through its lookup hash: the log names accounts only by their opaque id. */
async function accountIdOf({ config, eventStore }: CliContext, email: string): Promise<string> {
  const accountId = await accountIdByEmailLookup(eventStore, emailLookupHash(email, config.emailLookupPepper));
  if (!accountId) throw new CliError(`No account with the e-mail ${email}.`);
  return accountId;
}

/** Runs one command on the account with this e-mail as the operator (a refusal is the CLI's error); true if it changed anything. */
async function decideAsOperator(
  context: CliContext,
  email: string,
  command: (accountId: string, now: Date) => AccountCommand,
): Promise<boolean> {
  const accountId = await accountIdOf(context, email);
  const now = new Date();
  try {
    const { events } = await decideAndAppend(context.eventStore, accountStreamName(accountId), accountDecider, command(accountId, now), {
      actor: 'operator',
      clock: () => now,
    });
    return events.length > 0;
  } catch (error) {
    if (error instanceof DomainError) throw new CliError(error.message);
    throw error;
  }
}

/** Whether every read-store projection and the search projection pass `position` within `timeoutMs` (the site runs them). */
async function projectionsReach(engines: SiteEngines, position: bigint, timeoutMs: number): Promise<boolean> {
  const targets = createProjectionTargets(engines.eventStore, engines.readStore, engines.projections, engines.search).filter(
    (target) => target.rebuildable,
  );
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const checkpoints = await Promise.all(targets.map((target) => target.checkpoint()));
    if (checkpoints.every((checkpoint) => checkpoint !== null && checkpoint >= position)) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
