import type { AccountEvent } from '@app/domain';
import { on, projectionSpec, useTemporaryReadStore } from '@app/testing';
import { MODERATION_LOG_COLLECTION, moderationLogProjection, type AccountModerationLogDocument } from './moderation-log.projection';

const accountId = '5b0c7f0e-1d2a-4c3b-8e4f-6a7b8c9d0e1f';
const byAdmin = (event: AccountEvent) => on<AccountEvent>(`account-${accountId}`, event, { actor: 'admin-1' });

describe('moderation-log projection: suspensions (issue 27)', () => {
  const readStore = useTemporaryReadStore();
  const spec = projectionSpec(moderationLogProjection, readStore);

  it('logs a suspension and its lifting with the admin as actor; the sessions they end are not logged', () =>
    spec
      .given([])
      .when(
        byAdmin({ type: 'AccountSuspended', data: { until: '2026-02-01T00:00:00.000Z', reason: 'spam', at: '2026-01-02T00:00:00.000Z' } }),
        byAdmin({ type: 'SessionsRevoked', data: { credentialVersion: 2, reason: 'suspended', at: '2026-01-02T00:00:00.000Z' } }),
        byAdmin({ type: 'AccountUnsuspended', data: { at: '2026-01-03T00:00:00.000Z' } }),
      )
      .then(async (store) => {
        const entries = await store.find<AccountModerationLogDocument>(MODERATION_LOG_COLLECTION, {}, { sort: [['position', 1]] });
        expect(
          entries.map(({ action, subjectAccountId, actor, at, until, reason }) => ({ action, subjectAccountId, actor, at, until, reason })),
        ).toEqual([
          {
            action: 'suspend',
            subjectAccountId: accountId,
            actor: 'admin-1',
            at: '2026-01-02T00:00:00.000Z',
            until: '2026-02-01T00:00:00.000Z',
            reason: 'spam',
          },
          {
            action: 'unsuspend',
            subjectAccountId: accountId,
            actor: 'admin-1',
            at: '2026-01-03T00:00:00.000Z',
            until: undefined,
            reason: undefined,
          },
        ]);
      }));
});
