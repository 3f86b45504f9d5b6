import { accountDecider, accountRecordOf, accountStreamName } from '@app/domain';
import { EventSourcedCommands } from '@app/api/infrastructure/event-sourced-commands';
import type { TestUser } from './accounts';
import type { TestApp } from './test-app';

/** Confirms the user's e-mail as their confirmation link would (issue 27: only confirmed accounts' flags count). */
export async function confirmEmailOf(site: TestApp, user: TestUser): Promise<void> {
  const commands = site.app.get(EventSourcedCommands);
  const { state } = await commands.load(accountStreamName(user.accountId), accountDecider);
  const { position } = await commands.execute(
    accountStreamName(user.accountId),
    accountDecider,
    { type: 'ConfirmEmail', accountId: user.accountId, credentialVersion: accountRecordOf(state)?.credentialVersion ?? 1, now: new Date() },
    { actor: user.accountId },
  );
  await commands.settle(position, ['accounts']);
}

/** A new session for the user (after the test moved the site's clock past their token's life). */
export async function logInAgain(site: TestApp, user: TestUser): Promise<TestUser> {
  const response = await site.http().post('/api/Account/Login').send({ Email: user.email, Password: user.password, RememberMe: true });
  if (response.status !== 200) throw new Error(`login: ${response.status} ${response.text}`);
  return { ...user, token: response.body.result.token as string };
}
