import type { SealedPersonalData } from '@app/domain';
import type { PersonalDataOpener, PersonalDataVault } from '@app/personal-data';

/**
 * The keys a batch's sealed personal data needs, read from the key store by a projection's
 * `prefetch` BEFORE the batch's transaction: the fold then opens values without I/O. A key-store
 * outage fails the prefetch (the runner retries, holding the checkpoint), never the fold; a value
 * that does not open (altered, unknown version) throws inside the fold, where the same event would
 * throw again on a healthy system: it is parked.
 */
export class OpenedPersonalData {
  static readonly none = new OpenedPersonalData(new Map());

  private constructor(private readonly openers: ReadonlyMap<string, PersonalDataOpener>) {}

  /** Reads the key of every account named (once each). */
  static async of(vault: PersonalDataVault, accountIds: Iterable<string>): Promise<OpenedPersonalData> {
    const distinct = [...new Set(accountIds)];
    const openers = await Promise.all(distinct.map((accountId) => vault.openerFor(accountId)));
    return new OpenedPersonalData(new Map(distinct.map((accountId, index) => [accountId, openers[index]])));
  }

  /** null once the person's key is shredded (they are erased). */
  open<T extends object>(accountId: string, sealed: SealedPersonalData): T | null {
    const opener = this.openers.get(accountId);
    if (!opener) throw new Error(`The key of ${accountId} was not prefetched for this batch.`);
    return opener<T>(sealed);
  }
}
