import type { ActiveSession } from '@app/contracts';
import { useRevokeSession } from '@/features/sign-in/api/revoke-session';
import { useSessions } from '@/features/sign-in/api/get-sessions';
import { CredentialList } from './credential-list';
import { ErrorMessage } from '@/components/error-message';

const when = (iso: string) => new Date(iso).toLocaleString();

/** Where the user is logged in: every active session, 'this device' marked, each with a button to end it. */
export function SessionsSection({ onCurrentEnded }: { onCurrentEnded: () => void }) {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const end = (session: ActiveSession) => revoke.mutate(session.id, { onSuccess: () => session.current && onCurrentEnded() });
  return (
    <section className="card profile-section" aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">Active sessions</h2>
      <p>Where you are logged in. End any session you do not recognise.</p>
      {sessions.isPending && <p className="muted">Loading…</p>}
      {sessions.isError && <p className="muted">The sessions could not be loaded.</p>}
      <CredentialList
        label="Active sessions"
        items={sessions.data}
        row={(session) => ({
          title: (
            <>
              <strong>
                {session.browser} on {session.device}
              </strong>
              {session.current && <span className="sign-in-badge"> This device</span>}
            </>
          ),
          details: `${session.address} · started ${when(session.startedAt)} · last seen ${when(session.lastSeenAt)}`,
          action: {
            text: session.current ? 'Log out' : 'End',
            name: `${session.current ? 'Log out of this device' : 'End session'}: ${session.browser} on ${session.device}`,
          },
        })}
        pending={revoke.isPending}
        onAction={end}
      />
      <ErrorMessage error={revoke.error} />
    </section>
  );
}
