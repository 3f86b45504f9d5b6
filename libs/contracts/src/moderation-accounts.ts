import { z } from 'zod';
import { requiredString } from './rules';

/** Issue 27: admins suspend and unsuspend people (`PUT /api/Admin/Suspend`, `PUT /api/Admin/Unsuspend`). */
export const SUSPENSION_REASON_LENGTH = 500;

export const SUSPENSION_MESSAGES = {
  userNameRequired: '- userName is required.',
  reasonRequired: '- reason is required.',
  reasonTooLong: `- reason must be at most ${SUSPENSION_REASON_LENGTH} characters.`,
  until: '- until must be an ISO date (2026-12-01) or date and time (2026-12-01T12:00:00Z), or null for an indefinite suspension.',
  untilPast: 'A suspension must end in the future (or be indefinite: until null).',
  adminSuspended: 'An admin cannot be suspended: revoke the admin role first.',
  userNotFound: 'User not found.',
} as const;

/** A calendar date is read as the start of that day, UTC. */
const untilSchema = z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: SUSPENSION_MESSAGES.until }).nullable();

export const suspendRequestSchema = z.object({
  userName: requiredString(SUSPENSION_MESSAGES.userNameRequired),
  until: untilSchema,
  reason: requiredString(SUSPENSION_MESSAGES.reasonRequired).pipe(
    z.string().max(SUSPENSION_REASON_LENGTH, SUSPENSION_MESSAGES.reasonTooLong),
  ),
});
export type SuspendRequest = z.infer<typeof suspendRequestSchema>;

export const unsuspendRequestSchema = z.object({ userName: requiredString(SUSPENSION_MESSAGES.userNameRequired) });
export type UnsuspendRequest = z.infer<typeof unsuspendRequestSchema>;

/** The answer of both routes: the person's suspension as it stands now (null: not suspended). */
export interface SuspensionResult {
  userName: string;
  suspension: SuspensionInfo | null;
}

export interface SuspensionInfo {
  /** ISO 8601 instant it ends, or null when indefinite. */
  until: string | null;
  reason: string;
}

/** An ISO date or date-time of a request as the instant it names. */
export const suspensionEnd = (until: string | null): Date | null => (until === null ? null : new Date(until));

/** '2026-12-01' for midnight UTC, else '2026-12-01 14:30 UTC'. */
export function suspensionDate(until: string): string {
  const iso = new Date(until).toISOString();
  const time = iso.slice(11, 16);
  return time === '00:00' ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${time} UTC`;
}

/** Login's 403 (issue 27): 'Your account is suspended until {date}' or '... indefinitely', then the reason. */
export function suspendedMessage({ until, reason }: SuspensionInfo): string {
  return `Your account is suspended ${until === null ? 'indefinitely' : `until ${suspensionDate(until)}`}. Reason: ${reason}`;
}

/** One person as the Admin Panel's Users card lists them (`GET /api/Admin/Users`). */
export interface AdminUserRow {
  userName: string;
  name: string;
  roleId: number;
  emailConfirmed: boolean;
  /** Set while a suspension holds (an expired one is null). */
  suspension: SuspensionInfo | null;
}
