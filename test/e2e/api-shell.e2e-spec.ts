import { startTestApp, type TestApp } from '../support/test-app';

describe('API shell', () => {
  let site: TestApp;
  beforeAll(async () => {
    site = await startTestApp();
  });
  afterAll(() => site.dispose());

  it('answers health with the log head and the projections', async () => {
    const response = await site.http().get('/api/health').expect(200);
    expect(response.body).toMatchObject({ success: true, errorMessage: null, result: { status: 'ok' } });
    expect(response.body.result.projections.map((p: { name: string }) => p.name)).toContain('home');
    expect(Date.parse(response.body.timeStamp)).not.toBeNaN();
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

  it('serves the OpenAPI description', async () => {
    const response = await site.http().get('/api/docs-json').expect(200);
    expect(response.body.openapi).toMatch(/^3\./);
    expect(Object.keys(response.body.paths)).toEqual(expect.arrayContaining(['/api/Home', '/api/health']));
  });
});
