import { pathAfterLogin } from '@/features/auth/lib/return-path';

const ORIGIN = 'https://devcommunity.example';

describe('pathAfterLogin', () => {
  it('goes back to the article or question page in the router state', () => {
    expect(pathAfterLogin('/article/12/some-title', '', ORIGIN)).toBe('/article/12/some-title');
    expect(pathAfterLogin({ pathname: '/question/7/how', search: '?x=1', hash: '#c' }, '', ORIGIN)).toBe('/question/7/how?x=1#c');
  });

  it('falls back to a same-origin referrer that is a post page', () => {
    expect(pathAfterLogin(undefined, `${ORIGIN}/question/3/title`, ORIGIN)).toBe('/question/3/title');
    expect(pathAfterLogin(undefined, 'https://elsewhere.example/article/3/title', ORIGIN)).toBe('/');
  });

  it('goes back to the editor or Upload Documents that sent the writer to login (issue 25)', () => {
    expect(pathAfterLogin({ pathname: '/article/submit', search: '' }, '', ORIGIN)).toBe('/article/submit');
    expect(pathAfterLogin({ pathname: '/question/ask', search: '?id=4' }, '', ORIGIN)).toBe('/question/ask?id=4');
    expect(pathAfterLogin('/documents/upload', '', ORIGIN)).toBe('/documents/upload');
    expect(pathAfterLogin(undefined, `${ORIGIN}/question/ask`, ORIGIN)).toBe('/question/ask');
    expect(pathAfterLogin('/article/submitted', '', ORIGIN)).toBe('/');
  });

  it('goes home from any other page', () => {
    expect(pathAfterLogin('/search?searchString=x', '', ORIGIN)).toBe('/');
    expect(pathAfterLogin('/articles', `${ORIGIN}/profile/ada`, ORIGIN)).toBe('/');
    expect(pathAfterLogin('//evil.example/article/1/x', '', ORIGIN)).toBe('/');
    expect(pathAfterLogin(null, 'not a url', ORIGIN)).toBe('/');
  });
});
