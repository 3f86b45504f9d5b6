import { eventually } from '@app/testing';
import { articleBody } from '../support/posts';
import { childPids } from '../support/processes';
import { startServer, type RunningServer } from '../support/server';
import { callSite, signUpOnSite, type SiteAccount } from '../support/site-api';

jest.setTimeout(120_000);

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function postArticle(server: RunningServer, account: SiteAccount, title: string): Promise<Response> {
  return fetch(`${server.url}/api/Article`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${account.token}` },
    body: JSON.stringify(articleBody({ isPublished: true, title })),
  });
}

/** Posts an article and reads it right after the answer, which must not say its read models were stale. */
async function postAndRead(server: RunningServer, account: SiteAccount, title: string): Promise<void> {
  const response = await postArticle(server, account, title);
  expect(response.status).toBe(200);
  expect(response.headers.get('x-read-your-writes')).toBeNull();
  const { result: id } = (await response.json()) as { result: number };
  expect(await callSite<{ title: string }>(server.url, 'GET', `/api/Article/${id}`)).toMatchObject({ title });
}

/**
 * `npm start` (SITE_ROLE unset): the API answers in this process, the projections run in a
 * projector process it spawned; commands keep read-your-writes across the two, the projector is
 * started again when it dies, and it stops with the API.
 */
describe('npm start: the API and the projector process it spawns', () => {
  let server: RunningServer;
  let account: SiteAccount;

  beforeAll(async () => {
    server = await startServer();
    account = await signUpOnSite(server.url, 'Sam Spawned');
  });
  afterAll(() => server?.stop());

  it('runs the projections in one child process and answers each command once its read models have it', async () => {
    expect(childPids(server.pid)).toHaveLength(1);
    for (let n = 0; n < 5; n++) await postAndRead(server, account, `Spawned post ${n}`);
  });

  it('starts a killed projector again, and commands keep reading their writes', async () => {
    const [first] = childPids(server.pid);
    process.kill(first, 'SIGKILL');
    await eventually(() => !isRunning(first), 'the projector ended', 60_000);
    await eventually(() => childPids(server.pid).some((pid) => pid !== first), 'a new projector process', 60_000);
    // Until the new one runs, commands wait for it and then say their read models were stale.
    await eventually(
      async () => !(await postArticle(server, account, 'While restarting')).headers.get('x-read-your-writes'),
      'a command answered with its read models settled',
      60_000,
    );
    await postAndRead(server, account, 'After the restart');
  });

  it('stops the projector with the API', async () => {
    const [projector] = childPids(server.pid);
    await server.stop();
    expect(isRunning(projector)).toBe(false);
  });
});
