/**
 * Commands waiting for read-your-writes all wake on the same checkpoint move and would each read
 * the same stored checkpoints again (16 waiting commands × 4 read models = 64 reads of one row
 * each). A read that is already under way is shared instead: one read per read model per wake-up.
 */
export class SharedCheckpointReads {
  private readonly inFlight = new Map<string, Promise<bigint | null>>();

  read(name: string, load: () => Promise<bigint | null>): Promise<bigint | null> {
    const pending = this.inFlight.get(name);
    if (pending) return pending;
    const read = load().finally(() => this.inFlight.delete(name));
    this.inFlight.set(name, read);
    return read;
  }
}
