import type { Command } from 'commander';
import { dataDirOf, loadConfig } from '@app/config';
import { backupDataDir } from './backup/backup-data-dir';
import { restoreDataDir } from './backup/restore-data-dir';
import { CliError, withEngines } from './cli-context';
import { compactDatabases } from './erasures/compact-databases';
import { reapplyErasures } from './erasures/reapply-erasures';

export function registerBackupCommands(program: Command): void {
  program
    .command('backup <dir>')
    .description('Copy the embedded databases (SQLite online backup) and files of DATA_DIR into a new directory, while the site runs')
    .action(async (dir: string) => {
      const config = loadConfig();
      console.log(`Backing up ${config.dataDir} into ${dir}`);
      await backupDataDir(config.dataDir, dir, (line) => console.log(`  ${line}`));
      const external = [
        config.eventStoreUrl && 'EventStoreDB (EVENTSTORE_URL)',
        config.mongodbUrl && 'MongoDB (MONGODB_URL)',
        config.meilisearchUrl && 'Meilisearch (MEILISEARCH_URL)',
        config.redisUrl && 'Redis (REDIS_URL)',
      ].filter(Boolean);
      if (external.length)
        console.log(
          `Not in this backup, back them up with their own tools (docs/operations.md, "Backups on the real engines"): ${external.join(', ')}.`,
        );
      console.log(`Backup complete: ${dir}`);
    });

  program
    .command('restore <dir>')
    .description(
      'Put a backup made by `backup` into DATA_DIR (empty, or replaced with --force), keeping and re-applying the erasure ledger; the site must be stopped',
    )
    .option('--force', 'replace what DATA_DIR holds')
    .option('--ledger <file...>', 'erasure ledgers kept apart (copies of DATA_DIR/erasure-ledger) to merge in as well')
    .action(async (dir: string, options: { force?: boolean; ledger?: string[] }) => {
      const dataDir = dataDirOf();
      await restoreDataDir(dir, dataDir, options.force === true, (line) => console.log(line), options.ledger ?? []);
      await reapplyAndCompact();
      console.log(`Start the site on DATA_DIR=${dataDir}: projections catch up with the restored log by themselves.`);
    });

  program
    .command('erasures')
    .description('The erasure ledger (DATA_DIR/erasure-ledger): every erased account, by opaque id')
    .command('reapply')
    .description(
      'Erase again every account of the ledger that restored data brings back (log, keys, mail, read models); run with the site stopped, after restoring the engines',
    )
    .option(
      '--rebuild',
      'rebuild the read models and compact the embedded files even when nothing had to be erased again (after an interrupted reapply)',
    )
    .action((options: { rebuild?: boolean }) => reapplyAndCompact(options.rebuild === true));
}

/** After any restore: re-apply the ledger through the configured engines, then rewrite the embedded files that held what it removed. */
async function reapplyAndCompact(rebuild = false): Promise<void> {
  try {
    const { rebuilt, dataDir } = await withEngines(async (engines) => ({
      rebuilt: (await reapplyErasures(engines, engines.config.dataDir, (line) => console.log(line), { rebuild })).rebuilt.length > 0,
      dataDir: engines.config.dataDir,
    }));
    if (rebuilt) compactDatabases(dataDir, (line) => console.log(line));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CliError(
      `Re-applying the erasure ledger failed: ${reason}\nFix the cause, then run \`npm run cli -- erasures reapply --rebuild\` before starting the site.`,
    );
  }
}
