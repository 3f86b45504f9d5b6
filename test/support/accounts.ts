import { randomUUID } from 'node:crypto';
import { accountDecider, accountStreamName } from '@app/domain';
import { EventSourcedCommands } from '@app/api';
import type { TestApp } from './test-app';

export interface TestUser {
  /** The opaque account id: the token's `sub`, and what streams and events name the user by. */
  accountId: string;
  userName: string;
  name: string;
  token: string;
  roleId: number;
  email: string;
  password: string;
}

/** Signs a new user up through the API (so every test user is a real account) and returns the login result. */
export async function signUp(site: TestApp, name = 'Test User'): Promise<TestUser> {
  const email = `user-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'secret-pass1';
  const response = await site.http().post('/api/Account/Signup').send({ Name: name, Email: email, Password: password });
  if (response.status !== 201 && response.status !== 200)
    throw new Error(`Signup failed: ${response.status} ${JSON.stringify(response.body)}`);
  const result = response.body.result as Omit<TestUser, 'accountId' | 'email' | 'password'>;
  return { ...result, accountId: accountIdOfToken(result.token), email, password };
}

/** The `sub` claim of a session token (the opaque account id); the token's signature is the server's business. */
export function accountIdOfToken(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { sub: string };
  return payload.sub;
}

/** Grants admin as the operator CLI does (an event with the operator as actor), and waits until it applies. */
export async function makeAdmin(site: TestApp, user: TestUser): Promise<TestUser> {
  const commands = site.app.get(EventSourcedCommands);
  const { position } = await commands.execute(
    accountStreamName(user.accountId),
    accountDecider,
    { type: 'GrantAdmin', accountId: user.accountId, now: new Date() },
    { actor: 'operator' },
  );
  await commands.settle(position, ['accounts']);
  return { ...user, roleId: 2 };
}

export const bearer = (user: Pick<TestUser, 'token'>) => ({ Authorization: `Bearer ${user.token}` });
