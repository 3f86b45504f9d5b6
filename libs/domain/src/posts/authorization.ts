import { RoleId } from '@app/contracts';
import { forbidden } from '../shared/errors';

/** Who issues a command. The role is read fresh from the accounts read model, never from the token. */
export interface Actor {
  userName: string;
  roleId: number;
}

export const isAdmin = (actor: Actor): boolean => actor.roleId === RoleId.Admin;

/** Owners edit and delete their own posts; admins any post. */
export const canEdit = (actor: Actor, authorUserName: string): boolean => isAdmin(actor) || actor.userName === authorUserName;

export function requireOwnerOrAdmin(actor: Actor, authorUserName: string): void {
  if (!canEdit(actor, authorUserName)) throw forbidden();
}

export function requireAdmin(actor: Actor): void {
  if (!isAdmin(actor)) throw forbidden();
}
