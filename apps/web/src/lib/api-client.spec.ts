import { IDEMPOTENCY_MESSAGES } from '@app/contracts';
import { api, ApiError, RETRY_DELAYS_MS } from '@/lib/api-client';

describe('api client: Idempotency-Key', () => {
  const calls: { method: string; key: string | null }[] = [];
  let answers: Array<() => Response>;
  const envelope = (status: number, body: object) => () => new Response(JSON.stringify(body), { status });
  const ok = envelope(200, { success: true, result: 7, errorMessage: null, timeStamp: '' });

  beforeEach(() => {
    calls.length = 0;
    RETRY_DELAYS_MS.splice(0, RETRY_DELAYS_MS.length, 1, 1);
    globalThis.fetch = jest.fn((_url: string | URL | Request, init?: RequestInit) => {
      calls.push({ method: init?.method ?? 'GET', key: new Headers(init?.headers).get('Idempotency-Key') });
      const next = answers.shift();
      return next ? Promise.resolve(next()) : Promise.reject(new TypeError('Failed to fetch'));
    }) as typeof fetch;
  });

  it('sends a fresh key with each command and none with a read', async () => {
    answers = [ok, ok, ok];
    await api.post('/Article', { title: 'x' });
    await api.post('/Article', { title: 'x' });
    await api.get('/Home');
    expect(calls[0].key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(calls[1].key).not.toBe(calls[0].key);
    expect(calls[2]).toEqual({ method: 'GET', key: null });
  });

  it('sends no key on credential calls and searches, and never sends them again on its own', async () => {
    answers = [ok, ok, ok, ok];
    await api.post('/Account/Login', { Email: 'a@example.com', Password: 'secret-pass1' });
    await api.post('/Account/Signup', {});
    await api.delete('/User');
    await api.post('/Search', { searchString: 'x' });
    expect(calls.map((call) => call.key)).toEqual([null, null, null, null]);
    answers = [];
    await expect(api.post('/Search/UserPosts', {})).rejects.toEqual(new ApiError('The server could not be reached', 0));
    expect(calls).toHaveLength(5);
  });

  it('retries a command whose answer was lost with the same key, waiting while the first still runs', async () => {
    const inFlight = envelope(409, { success: false, result: null, errorMessage: IDEMPOTENCY_MESSAGES.inFlight, timeStamp: '' });
    const lost = () => {
      throw new TypeError('Failed to fetch');
    };
    answers = [lost, inFlight, ok];
    await expect(api.put('/Article', { id: 1 })).resolves.toBe(7);
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map((call) => call.key)).size).toBe(1);
  });

  it('gives up after its retries, and never retries a read or a refusal', async () => {
    answers = [];
    await expect(api.delete('/Article/1')).rejects.toEqual(new ApiError('The server could not be reached', 0));
    expect(calls).toHaveLength(3);
    calls.length = 0;
    await expect(api.get('/Home')).rejects.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(1);
    calls.length = 0;
    answers = [envelope(409, { success: false, result: null, errorMessage: IDEMPOTENCY_MESSAGES.inFlight, timeStamp: '' })];
    await expect(api.post('/Article', {})).rejects.toMatchObject({ status: 409 });
    expect(calls).toHaveLength(1);
  });
});
