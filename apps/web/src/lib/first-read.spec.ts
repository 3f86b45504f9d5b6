import { api } from '@/lib/api-client';
import { takeFirstRead, withFirstRead } from '@/lib/first-read';

/** The element the server writes into the page, as far as the client reads it (the web project runs without a DOM). */
function pageWithFirstRead(url: string, json: string) {
  const element = { dataset: { url }, textContent: json, removed: false, remove: () => (element.removed = true) };
  const page = { getElementById: (id: string) => (id === 'first-read' && !element.removed ? element : null) };
  Object.assign(globalThis, { document: page });
  return element;
}

describe('the first read written into the page', () => {
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'document');
  });

  it('answers the anonymous read of its address once, then the API answers', async () => {
    pageWithFirstRead('/api/Article/7', '{"articleId":7,"title":"Hello"}');
    globalThis.fetch = jest.fn(() =>
      Promise.resolve(new Response(JSON.stringify({ success: true, result: { articleId: 7, title: 'Fresh' }, errorMessage: null }))),
    ) as typeof fetch;
    await expect(api.get('/Article/7', { auth: false })).resolves.toEqual({ articleId: 7, title: 'Hello' });
    expect(globalThis.fetch).not.toHaveBeenCalled();
    await expect(api.get('/Article/7', { auth: false })).resolves.toEqual({ articleId: 7, title: 'Fresh' });
    expect(globalThis.fetch).toHaveBeenCalledTimes(1);
  });

  it('is kept for its own address, and dropped unread by a call with a session', () => {
    const element = pageWithFirstRead('/api/Home/', '{"articles":[]}');
    expect(takeFirstRead('/api/Article/7', true)).toBeNull();
    expect(element.removed).toBe(false);
    expect(takeFirstRead('/api/Home/', false)).toBeNull();
    expect(element.removed).toBe(true);
    expect(takeFirstRead('/api/Home/', true)).toBeNull();
  });

  it('is ignored when it does not parse, and absent without a page', () => {
    pageWithFirstRead('/api/Home/', '{"articles":');
    expect(takeFirstRead('/api/Home/', true)).toBeNull();
    Reflect.deleteProperty(globalThis, 'document');
    expect(takeFirstRead('/api/Home/', true)).toBeNull();
  });

  it('is given by the server to the render that paints a page, and to that render only', () => {
    const read = { url: '/api/Article/7', json: '{"articleId":7,"title":"Hello"}' };
    expect(withFirstRead(read, () => takeFirstRead('/api/Article/7', true)?.result)).toEqual({ articleId: 7, title: 'Hello' });
    expect(withFirstRead(read, () => takeFirstRead('/api/Article/8', true))).toBeNull();
    expect(takeFirstRead('/api/Article/7', true)).toBeNull();
  });
});
