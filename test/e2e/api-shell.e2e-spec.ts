import { bearer, makeAdmin, signUp } from '../support/accounts';
import { startTestApp, type TestApp } from '../support/test-app';

describe('API shell', () => {
  let site: TestApp;
  beforeAll(async () => {
    site = await startTestApp();
  });
  afterAll(() => site.dispose());

  it('answers health with just up to anyone', async () => {
    const response = await site.http().get('/api/health').expect(200);
    expect(response.body).toMatchObject({ success: true, errorMessage: null, result: { status: 'ok' } });
    expect(response.body.result).toEqual({ status: 'ok' });
    expect(Date.parse(response.body.timeStamp)).not.toBeNaN();
  });

  it('answers health with the log head and the projections to an admin', async () => {
    const admin = await makeAdmin(site, await signUp(site, 'Ops Admin'));
    const response = await site.http().get('/api/health').set(bearer(admin)).expect(200);
    expect(response.body.result.projections.map((p: { name: string }) => p.name)).toContain('home');
    expect(response.body.result).toHaveProperty('eventStoreHead');
  });

  it('gives an empty home from its projection', async () => {
    const response = await site.http().get('/api/Home/').expect(200);
    expect(response.body.result).toEqual({ articles: [], questions: [] });
  });

  it('answers unknown API routes with a 404 envelope', async () => {
    const response = await site.http().get('/api/NoSuchThing/1').expect(404);
    expect(response.body).toEqual({ success: false, result: null, errorMessage: 'Not found.', timeStamp: expect.any(String) });
  });

  it('refuses malformed JSON with a 400 envelope and no stack trace', async () => {
    const response = await site.http().post('/api/Home').set('Content-Type', 'application/json').send('{"broken": ').expect(400);
    expect(response.body).toMatchObject({ success: false, errorMessage: 'The request body is not valid JSON.' });
    expect(JSON.stringify(response.body)).not.toMatch(/at .*\.js:\d+/);
  });

  it('serves the OpenAPI description to admins only', async () => {
    await site.http().get('/api/docs-json').expect(401);
    await site.http().get('/api/docs').expect(401);
    const user = await signUp(site, 'Curious User');
    const refused = await site.http().get('/api/docs-json').set(bearer(user)).expect(403);
    expect(refused.body).toMatchObject({ success: false, errorMessage: expect.stringContaining('admins') });
    const admin = await makeAdmin(site, await signUp(site, 'Docs Admin'));
    const response = await site.http().get('/api/docs-json').set(bearer(admin)).expect(200);
    expect(response.body.openapi).toMatch(/^3\./);
    expect(Object.keys(response.body.paths)).toEqual(expect.arrayContaining(['/api/Home', '/api/health']));
  });
});
