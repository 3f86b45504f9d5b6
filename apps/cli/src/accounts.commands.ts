import type { Command } from 'commander';
import { accountDecider, accountStreamName } from '@app/domain';
import { decideAndAppend } from '@app/event-store';
import { emailLookupHash } from '@app/personal-data';
import { accountIdByEmailLookup } from '@app/projections';
import { eraseAccount } from '@app/api';
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
      withEngines(async ({ config, eventStore, vault }) => {
        const accountId = await accountIdByEmailLookup(eventStore, emailLookupHash(email, config.emailLookupPepper));
        if (!accountId) throw new CliError(`No account with the e-mail ${email}.`);
        await eraseAccount({ eventStore, vault, dataDir: config.dataDir }, accountId, email, true, new Date());
        console.log(`${email} is erased.`);
      }),
    );
}
