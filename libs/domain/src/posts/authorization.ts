import { RoleId } from '@app/contracts';
import { forbidden } from '../shared/errors';

/** Who issues a command. The role is read fresh from the accounts read model, never from the token. */
export interface Actor {
  /** The opaque account id (never the user name, which is personal data). */
  accountId: string;
  roleId: number;
}

export const isAdmin = (actor: Actor): boolean => actor.roleId === RoleId.Admin;

/** Owners edit and delete their own posts; admins any post. */
export const canEdit = (actor: Actor, authorId: string): boolean => isAdmin(actor) || actor.accountId === authorId;

export function requireOwnerOrAdmin(actor: Actor, authorId: string): void {
  if (!canEdit(actor, authorId)) throw forbidden();
}

export function requireAdmin(actor: Actor): void {
  if (!isAdmin(actor)) throw forbidden();
}
