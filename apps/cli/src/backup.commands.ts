import type { Command } from 'commander';
import { dataDirOf, loadConfig } from '@app/config';
import { backupDataDir } from './backup/backup-data-dir';
import { restoreDataDir } from './backup/restore-data-dir';

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
    .description('Put a backup made by `backup` into DATA_DIR (empty, or replaced with --force); the site must be stopped')
    .option('--force', 'replace what DATA_DIR holds')
    .action(async (dir: string, options: { force?: boolean }) => {
      const dataDir = dataDirOf();
      await restoreDataDir(dir, dataDir, options.force === true, (line) => console.log(line));
      console.log(`Start the site on DATA_DIR=${dataDir}: projections catch up with the restored log by themselves.`);
    });
}
