import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { CliError } from '../cli-context';

/** Written last into a backup: a directory without it is not a complete backup. */
export const BACKUP_MANIFEST = 'backup.json';

const relativePath = z
  .string()
  .min(1)
  .refine((path) => !path.startsWith('/') && !path.split('/').includes('..'), 'a relative path inside the backup');

const manifestSchema = z.object({
  format: z.literal(1),
  createdAt: z.string(),
  databases: z.array(relativePath),
  files: z.array(relativePath),
});

export type BackupManifest = z.infer<typeof manifestSchema>;

export async function readBackupManifest(backupDir: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await readFile(join(backupDir, BACKUP_MANIFEST), 'utf8');
  } catch {
    throw new CliError(`${backupDir} is not a backup (no ${BACKUP_MANIFEST}; an interrupted backup has none either).`);
  }
  const parsed = manifestSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new CliError(`${join(backupDir, BACKUP_MANIFEST)} is not a backup manifest this version can restore.`);
  return parsed.data;
}
