import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';

/** This process, as a lease holder: a restarted process is another holder. */
export const THIS_PROCESS = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/**
 * False only when `owner` names a process of this host that no longer runs (a SIGKILLed projector
 * on the same machine): its leases can be taken at once instead of after they expire. A holder on
 * another host, or one this cannot tell, is assumed alive until its lease expires.
 */
export function holderMayBeAlive(owner: string): boolean {
  const [host, pid] = owner.split(':');
  if (host !== hostname() || !/^\d+$/.test(pid ?? '') || Number(pid) === process.pid) return true;
  try {
    process.kill(Number(pid), 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}
