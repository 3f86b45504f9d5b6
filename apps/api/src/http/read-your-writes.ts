import { currentResponse } from './request-id';

/**
 * Set on the answer of a command whose read models had not applied its events when its bounded
 * wait (read-your-writes) ran out: `stale; lagging=home,search`. The command took effect; the
 * client's next read may not show it yet. Absent when the read models caught up.
 */
export const READ_YOUR_WRITES_HEADER = 'X-Read-Your-Writes';

/** Marks the answer of the current HTTP request (if any, and not sent yet) as not read-your-writes for `lagging`. */
export function markStaleReadModels(lagging: readonly string[]): void {
  const response = currentResponse();
  if (!response || response.headersSent || lagging.length === 0) return;
  const previous =
    String(response.getHeader(READ_YOUR_WRITES_HEADER) ?? '')
      .match(/lagging=(.*)$/)?.[1]
      ?.split(',') ?? [];
  const names = [...new Set([...previous, ...lagging])];
  response.setHeader(READ_YOUR_WRITES_HEADER, `stale; lagging=${names.join(',')}`);
}
