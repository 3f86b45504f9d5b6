import { samplePng } from '@app/testing';
import { bearer, type TestUser } from './accounts';
import type { TestApp } from './test-app';

/** POST /api/File as `user` (anonymous when null), with these form fields and a file (a sample PNG unless given). */
export function uploadFile(
  site: TestApp,
  user: TestUser | null,
  fields: Record<string, string | number>,
  file: { bytes: Buffer; name: string } = { bytes: samplePng(), name: 'image.png' },
) {
  let call = site
    .http()
    .post('/api/File')
    .set(user ? bearer(user) : {});
  for (const [name, value] of Object.entries(fields)) call = call.field(name, String(value));
  return call.attach('file', file.bytes, file.name);
}
