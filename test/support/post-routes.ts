import { bearer, makeAdmin, signUp, type TestUser } from './accounts';
import { startTestApp, type TestApp } from './test-app';

/** A site with a post's author, another user and an admin: the cast of the article and question specs. */
export async function startPostSite(ownerName: string): Promise<{ site: TestApp; owner: TestUser; other: TestUser; admin: TestUser }> {
  const site = await startTestApp();
  const owner = await signUp(site, ownerName);
  const other = await signUp(site, 'Olga Other');
  const admin = await makeAdmin(site, await signUp(site, 'Root Admin'));
  return { site, owner, other, admin };
}

export const authAs = (user: TestUser | null) => (user ? bearer(user) : {});

/** The calls of one post route family (SPEC §7), on the site `siteOf` returns once it has started. */
export function postRoutes(siteOf: () => TestApp, route: 'Article' | 'Question') {
  const http = () => siteOf().http();
  const homeList = route === 'Article' ? 'articles' : 'questions';
  return {
    get: (id: number | string, user: TestUser | null = null) => http().get(`/api/${route}/${id}`).set(authAs(user)),
    put: (body: object, user: TestUser | null) => http().put(`/api/${route}`).set(authAs(user)).send(body),
    approve: (id: number, isApproved: boolean, user: TestUser | null) =>
      http().put(`/api/${route}/Approve`).set(authAs(user)).send({ id, isApproved }),
    remove: (id: number | string, user: TestUser | null) => http().delete(`/api/${route}/${id}`).set(authAs(user)),
    /** The ids home lists for this kind, newest first. */
    homeIds: async () => ((await http().get('/api/Home/').expect(200)).body.result[homeList] as { id: number }[]).map((post) => post.id),
  };
}
