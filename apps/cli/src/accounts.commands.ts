import type { Command } from 'commander';
import { accountDecider, accountStreamName } from '@app/domain';
import { decideAndAppend } from '@app/event-store';
import { emailLookupHash } from '@app/personal-data';
import { accountIdByEmailLookup, createProjectionTargets } from '@app/projections';
import { eraseAccount, type SiteEngines } from '@app/api';
import { CliError, withEngines } from './cli-context';

export function registerAccountCommands(program: Command): void {
  const roleCommand = (name: string, type: 'GrantAdmin' | 'RevokeAdmin', done: string) =>
    program
      .command(`${name} <email>`)
      .description(
        `${type === 'GrantAdmin' ? 'Make' : 'Stop making'} the account with this e-mail an admin (ends its sessions: it logs in again with the new role)`,
      )
      .action((email: string) =>
        withEngines(async ({ config, eventStore }) => {
          // Found through the e-mail's lookup hash: the log names accounts only by their opaque id.
          const accountId = await accountIdByEmailLookup(eventStore, emailLookupHash(email, config.emailLookupPepper));
          if (!accountId) throw new CliError(`No account with the e-mail ${email}.`);
          const now = new Date();
          const { events } = await decideAndAppend(
            eventStore,
            accountStreamName(accountId),
            accountDecider,
            { type, accountId, now },
            { actor: 'operator', clock: () => now },
          );
          console.log(events.length ? `${email} ${done}.` : `${email}: nothing to change.`);
        }),
      );
  roleCommand('grant-admin', 'GrantAdmin', 'is now an admin');
  roleCommand('revoke-admin', 'RevokeAdmin', 'is no longer an admin');

  program
    .command('erase-user <email>')
    .description('Erase the account with this e-mail (crypto-shredding: its key is deleted; the e-mail and user name become free)')
    .action((email: string) =>
      withEngines(async (engines) => {
        const { config, eventStore, vault } = engines;
        const accountId = await accountIdByEmailLookup(eventStore, emailLookupHash(email, config.emailLookupPepper));
        if (!accountId) throw new CliError(`No account with the e-mail ${email}.`);
        const position = await eraseAccount({ eventStore, vault, dataDir: config.dataDir }, accountId, email, true, new Date());
        console.log(`${email} is erased.`);
        // The running site's projections drop the name and e-mail; then their old copies go from the read store's files.
        if (position !== null && !(await projectionsReach(engines, position, 10_000)))
          console.log('The read models have not caught up yet (is the site running?): their old copies go at the next erasure or restore.');
        await engines.readStore.purgeDeleted();
      }),
    );
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
