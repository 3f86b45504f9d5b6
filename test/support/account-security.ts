import { totpCodeAt } from '@app/api/accounts/two-factor/totp';
import { bearer, type TestUser } from './accounts';
import { linkIn, waitForMailTo } from './mailbox';
import type { TestApp } from './test-app';

/**
 * Turns two-factor on with the code of the step before now (so later steps are free for logins);
 * returns the secret and the recovery codes.
 */
export async function turnOnTwoFactor(site: TestApp, user: TestUser): Promise<{ secret: string; recoveryCodes: string[] }> {
  const { secret } = (await site.http().post('/api/Account/TwoFactor/Setup').set(bearer(user)).expect(200)).body.result as {
    secret: string;
  };
  const enabled = await site
    .http()
    .post('/api/Account/TwoFactor/Enable')
    .set(bearer(user))
    .send({ code: totpCodeAt(secret, new Date(Date.now() - 30_000)) })
    .expect(200);
  return { secret, recoveryCodes: enabled.body.result.recoveryCodes as string[] };
}

/** Resets the password as its owner would: asks for the mail, then sends the new password with the link's fields. */
export async function resetPasswordByMail(site: TestApp, user: TestUser, newPassword = 'fresh-start-1'): Promise<void> {
  await site.http().post('/api/Account/ForgotPassword').send({ Email: user.email }).expect(200);
  const { url: _url, path: _path, ...fields } = linkIn(await waitForMailTo(site.dataDir, user.email, { subject: /reset/i }));
  await site
    .http()
    .post('/api/Account/ResetPassword')
    .send({ ...fields, NewPassword: newPassword })
    .expect(200);
}
