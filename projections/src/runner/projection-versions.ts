import type { ReadStore, ReadStoreTransaction } from '@app/read-store';

const COLLECTION = 'projection_versions';

/** Which code version of each projection built the live documents. */
export class ProjectionVersions {
  constructor(private readonly readStore: ReadStore) {}

  async stored(name: string): Promise<number | null> {
    const document = await this.readStore.get<{ id: string; version: number }>(COLLECTION, name);
    return document?.version ?? null;
  }

  record(tx: ReadStoreTransaction, name: string, version: number): Promise<void> {
    return tx.upsert(COLLECTION, { id: name, version });
  }
}
