import { randomUUID } from 'node:crypto';
import { basicInfoUpdateRequestSchema, type BasicInfoUpdateRequest } from '@app/contracts';
import { accountDecider, accountRecordOf, accountStreamName } from '@app/domain';
import type { EventStore } from '@app/event-store';
import { PersonalDataVault } from '@app/personal-data';
import { ProjectionRunner } from '@app/projections';
import { EVENT_STORE } from '@app/api';
import { TokenService } from '@app/api/auth/token.service';
import { EventSourcedCommands } from '@app/api/infrastructure/event-sourced-commands';
import { givenRegistration } from './given-registration';
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

/** Grants admin as the operator CLI does (an event with the operator as actor), waits until it applies, and logs the user in again. */
export async function makeAdmin(site: TestApp, user: TestUser): Promise<TestUser> {
  const commands = site.app.get(EventSourcedCommands);
  const { position } = await commands.execute(
    accountStreamName(user.accountId),
    accountDecider,
    { type: 'GrantAdmin', accountId: user.accountId, now: new Date() },
    { actor: 'operator' },
  );
  await commands.settle(position, ['accounts']);
  // A role change ends the user's sessions: they log in again, with the new credential version.
  const { state } = await commands.load(accountStreamName(user.accountId), accountDecider);
  return {
    ...user,
    roleId: 2,
    token: site.app.get(TokenService).issue(user.accountId, accountRecordOf(state)?.credentialVersion ?? 0, false),
  };
}

export const bearer = (user: Pick<TestUser, 'token'>) => ({ Authorization: `Bearer ${user.token}` });

/**
 * Many readers at once, for load tests: each account is recorded as a given event (its personal data
 * sealed with its own key, as signup does, but without password hashing or confirmation mail) and
 * gets a session token from the site's token service.
 */
export async function givenAccounts(site: TestApp, count: number, namePrefix = 'Reader'): Promise<TestUser[]> {
  const commands = site.app.get(EventSourcedCommands);
  const vault = site.app.get(PersonalDataVault);
  const tokens = site.app.get(TokenService);
  const users: TestUser[] = [];
  for (let start = 0; start < count; start += 50) {
    const batch = Array.from({ length: Math.min(50, count - start) }, async (_, offset) => {
      const accountId = randomUUID();
      const tag = accountId.slice(0, 8);
      const user = { accountId, userName: `reader-${tag}`, name: `${namePrefix} ${start + offset}`, email: `reader-${tag}@example.com` };
      const registered = await givenRegistration(
        vault,
        accountId,
        { email: user.email, name: user.name, userName: user.userName },
        new Date().toISOString(),
      );
      await commands.append(accountStreamName(accountId), [registered], 'no_stream', { actor: accountId });
      return { ...user, token: tokens.issue(accountId, 1, false), roleId: 1, password: '' };
    });
    users.push(...(await Promise.all(batch)));
  }
  const head = await site.app.get<EventStore>(EVENT_STORE).headPosition();
  if (head !== null) await site.app.get(ProjectionRunner).waitFor(head, ['accounts'], 60_000);
  return users;
}

/**
 * A `PUT /api/User` body that sets the name and leaves every optional field empty: the contract's own
 * reading of `{ name }` (blanks null, flags false), so it stays valid as the contract grows fields.
 */
export function basicInfoNamed(name: string): BasicInfoUpdateRequest {
  return basicInfoUpdateRequestSchema.parse({ name });
}
