import 'reflect-metadata';
import { Command } from 'commander';
import { registerAccountCommands } from './accounts.commands';
import { registerBackupCommands } from './backup.commands';
import { registerProjectionCommands } from './projections.commands';
import { CliError } from './cli-context';

/** The operator CLI: `npm run cli -- <command>`. Works beside a running site on the same DATA_DIR. */
const program = new Command('devcommunity')
  .description('Operator commands for the DevCommunity site (same configuration variables as the site).')
  .showHelpAfterError();

registerProjectionCommands(program);
registerAccountCommands(program);
registerBackupCommands(program);

program.parseAsync(process.argv).catch((error: unknown) => {
  console.error(error instanceof CliError ? error.message : error instanceof Error ? error.stack : String(error));
  process.exit(1);
});
