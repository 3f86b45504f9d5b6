import { join } from 'node:path';
import { accountDecider, accountStreamName } from '@app/domain';
import { loadStream } from '@app/event-store';
import { forgetMailOfAccounts } from '@app/mail';
import { ErasureLedger } from '@app/personal-data';
import { createProjectionTargets } from '@app/projections';
import { recordErasure, type SiteEngines } from '@app/api';

export interface ReapplyOutcome {
  /** Erasures the ledger lists. */
  listed: number;
  /** Accounts the (restored) log did not record as erased: recorded again now. */
  reErased: number;
  /** Mail files deleted because they carried an erased person's data. */
  mailDeleted: number;
  /** Projections rebuilt from the log (when an erasure was recorded again, or asked for). */
  rebuilt: string[];
}

/**
 * Makes the data in place agree with the erasure ledger, after a restore of any age. The key
 * store shredded every listed key already when the engines opened. Here: every listed account the
 * log still holds as live is erased in the log again (its events stay sealed and open to nothing);
 * the mail naming a listed account goes; and, when something was erased again, every projection
 * is rebuilt from the log, so no read model keeps a name or an e-mail the restore brought back
 * (`rebuild` forces that: a second run after one interrupted finds nothing to erase again).
 * Run with the site stopped (a rebuild switches the live documents at the end).
 */
export async function reapplyErasures(
  engines: SiteEngines,
  dataDir: string,
  log: (line: string) => void,
  options: { rebuild?: boolean } = {},
): Promise<ReapplyOutcome> {
  const erasures = ErasureLedger.inDataDir(dataDir).entries();
  let reErased = 0;
  for (const { accountId, erasedAt } of erasures) {
    const { state } = await loadStream(engines.eventStore, accountStreamName(accountId), accountDecider);
    // Not in this log (a copy older than the account): nothing to erase, and the key store keeps a tombstone.
    if (state.status !== 'registered') continue;
    await recordErasure(engines.eventStore, accountId, true, new Date(erasedAt));
    reErased += 1;
  }
  const mailDeleted = await forgetMailOfAccounts(join(dataDir, 'mail'), new Set(erasures.map((erasure) => erasure.accountId)));
  const rebuilt: string[] = [];
  if (reErased > 0 || options.rebuild) {
    const targets = createProjectionTargets(engines.eventStore, engines.readStore, engines.projections, engines.search);
    for (const target of targets.filter((candidate) => candidate.rebuildable)) {
      const outcome = await target.rebuild();
      if (outcome.outcome === 'busy') throw new Error(`Another process is rebuilding ${target.name}: stop the site before restoring.`);
      rebuilt.push(target.name);
    }
  }
  log(
    `Erasure ledger: ${erasures.length} erased accounts; ${reErased} erased again in the log, ${mailDeleted} mail files deleted` +
      (rebuilt.length ? `, read models rebuilt (${rebuilt.join(', ')}).` : '.'),
  );
  return { listed: erasures.length, reErased, mailDeleted, rebuilt };
}
