import { DomainError } from '../shared/errors';
import { canEdit, isAdmin, requireAdmin, requireOwnerOrAdmin, type Actor } from './authorization';

const owner: Actor = { accountId: 'ada', roleId: 1 };
const otherUser: Actor = { accountId: 'bob', roleId: 1 };
const admin: Actor = { accountId: 'root', roleId: 2 };

describe('post authorization', () => {
  it('lets owners and admins edit, nobody else', () => {
    expect([owner, otherUser, admin].map((actor) => canEdit(actor, 'ada'))).toEqual([true, false, true]);
  });

  it('knows admins by role id 2', () => {
    expect([owner, admin, { accountId: 'x', roleId: 0 }].map(isAdmin)).toEqual([false, true, false]);
  });

  it('refuses with a forbidden domain error', () => {
    expect(() => requireOwnerOrAdmin(otherUser, 'ada')).toThrow(expect.objectContaining({ kind: 'forbidden' }));
    expect(() => requireAdmin(owner)).toThrow(DomainError);
    expect(() => requireOwnerOrAdmin(owner, 'ada')).not.toThrow();
    expect(() => requireAdmin(admin)).not.toThrow();
  });
});
