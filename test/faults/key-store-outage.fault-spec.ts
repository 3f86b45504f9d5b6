import type { KeyStore } from '@app/personal-data';
import { ProjectionRunner, parkedEvents, ACCOUNTS_COLLECTION, type AccountDocument } from '@app/projections';
import type { ReadStore } from '@app/read-store';
import { READ_STORE, EVENT_STORE } from '@app/api';
import type { EventStore } from '@app/event-store';
import type { SystemStatus } from '@app/contracts';
import { bearer, makeAdmin, signUp, type TestUser } from '../support/accounts';
import { parsePrometheusText } from '../support/prometheus-text';
import { eventually } from '../support/eventually';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The key store's reads fail while `down` (a partial outage: new keys are still created, so signups
 * are accepted, but nobody can open sealed data): what projections and reactors open is what fails.
 */
function keyStoreWithOutage(keys: KeyStore, outage: { down: boolean; refused: number }): KeyStore {
  return {
    getOrCreateKey: (accountId) => keys.getOrCreateKey(accountId),
    getKey: (accountId) => {
      if (!outage.down) return keys.getKey(accountId);
      outage.refused += 1;
      return Promise.reject(new Error('key store unavailable (injected)'));
    },
    deleteKey: (accountId) => keys.deleteKey(accountId),
    close: () => keys.close(),
  };
}

describe('the key store failing for about a second while accounts register', () => {
  const outage = { down: false, refused: 0 };
  let site: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    site = await startTestApp({ wrapKeyStore: (keys) => keyStoreWithOutage(keys, outage) });
    admin = await makeAdmin(site, await signUp(site, 'Operator'));
  });
  afterAll(() => site.dispose());

  it('holds the projections that open keys (failing, nothing parked), then every account works', async () => {
    const runner = site.app.get(ProjectionRunner);
    const eventStore = site.app.get<EventStore>(EVENT_STORE);
    const readStore = site.app.get<ReadStore>(READ_STORE);
    await runner.waitFor((await eventStore.headPosition()) ?? 0n, undefined, 10_000);

    outage.down = true;
    const signups = Array.from({ length: 5 }, (_, index) => signUp(site, `Outage User ${index}`));
    const users: TestUser[] = await Promise.all(signups);
    // The accounts projection is held at its checkpoint, failing on an outage, while the key store is away.
    await eventually(
      async () => runner.status().some((status) => status.name === 'accounts' && status.state === 'failing'),
      'accounts to fail',
    );
    const accounts = runner.status().find((status) => status.name === 'accounts')!;
    expect(accounts.failureCategory).toBe('outage');
    expect(accounts.lastError).toContain('key store unavailable');
    expect(await readStore.get<AccountDocument>(ACCOUNTS_COLLECTION, users[0].accountId)).toBeNull();
    // The operator sees it: the System card and /metrics.
    const card = (await site.http().get('/api/Admin/System').set(bearer(admin)).expect(200)).body as { result: SystemStatus };
    expect(card.result.projections.find((projection) => projection.name === 'accounts')).toMatchObject({
      state: 'failing',
      failureCategory: 'outage',
      lastError: 'key store unavailable (injected)',
    });
    const metrics = parsePrometheusText((await site.http().get('/metrics').expect(200)).text);
    expect(metrics.value('devcommunity_projection_state', { projection: 'accounts', state: 'failing' })).toBe(1);
    expect(metrics.value('devcommunity_projection_failing_seconds', { projection: 'accounts', category: 'outage' })).toBeGreaterThanOrEqual(
      0,
    );
    expect(metrics.value('devcommunity_projection_failing_seconds', { projection: 'post-view', category: 'outage' })).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // the outage lasts about a second
    expect(outage.refused).toBeGreaterThan(users.length);
    outage.down = false;

    // Back: every projection and reactor passes the last signup, without parking anything.
    const head = (await eventStore.headPosition())!;
    await eventually(() => runner.waitFor(head, undefined, 1_000), 'every projection to pass the signups', 60_000);
    expect(await parkedEvents(readStore)).toEqual([]);
    expect(runner.status().filter((status) => status.state === 'failing')).toEqual([]);

    for (const user of users) {
      const login = await site.http().post('/api/Account/Login').send({ Email: user.email, Password: user.password, RememberMe: false });
      expect(login.status).toBe(200);
      const session = (login.body as { result: { token: string; userName: string; name: string } }).result;
      expect(session).toMatchObject({ userName: user.userName, name: user.name });
      await site.http().get('/api/Account/IsTokenValid').set(bearer(session)).expect(200);
      await site.http().get('/api/Account/IsTokenValid').set(bearer(user)).expect(200);
    }
  });
});
