import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { suspensionDate, type AdminUserRow } from '@app/contracts';
import { ConfirmationPopup } from '@/components/confirmation-popup';
import { LinkButton } from '@/components/link-button';
import { paths } from '@/config/paths';
import { messageOf } from '@/lib/message-of';
import { suspendUser, unsuspendUser, useAdminUsers } from '@/features/admin/api/admin-users';
import { getRecentModerationQueryOptions } from '@/features/admin/api/get-recent-moderation';

const PAGE = 20;

/** Issue 27: the Admin Panel's people, found by user name, each with Suspend (a danger confirmation) or Unsuspend. */
export function UsersCard() {
  const [search, setSearch] = useState('');
  const [startsWith, setStartsWith] = useState('');
  const [after, setAfter] = useState('');
  const users = useAdminUsers(startsWith, after);
  const rows = users.data ?? null;
  const queryClient = useQueryClient();
  const [suspending, setSuspending] = useState<AdminUserRow | null>(null);
  const [unsuspending, setUnsuspending] = useState<AdminUserRow | null>(null);
  const [until, setUntil] = useState('');
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['admin-users'] });
    await queryClient.invalidateQueries({ queryKey: getRecentModerationQueryOptions().queryKey });
  };
  const act = async (action: () => Promise<unknown>) => {
    setFailure(null);
    try {
      await action();
      await refresh();
    } catch (error) {
      setFailure(messageOf(error));
    }
  };
  const find = (event: FormEvent) => {
    event.preventDefault();
    setStartsWith(search.trim());
    setAfter('');
  };

  return (
    <section className="card users-card" aria-labelledby="users-card-heading">
      <h2 id="users-card-heading">Users</h2>
      <form className="users-card-search" role="search" onSubmit={find}>
        <label htmlFor="users-card-search">User name starts with</label>
        <input id="users-card-search" type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        <button type="submit" className="button">
          Find
        </button>
      </form>
      {failure && (
        <p className="notice" role="alert">
          {failure}
        </p>
      )}
      {users.isError && <p className="muted">The users could not be loaded.</p>}
      {rows === null && !users.isError && <p className="muted">Loading…</p>}
      {rows?.length === 0 && <p className="muted">Nobody found.</p>}
      {rows && rows.length > 0 && (
        <ul className="admin-list">
          {rows.map((row) => (
            <li key={row.userName}>
              <span>
                <Link to={paths.profile.getHref(row.userName)}>{row.name}</Link> <span className="muted">@{row.userName}</span>
                {row.roleId === 2 && <span className="muted"> · admin</span>}
              </span>
              {row.suspension && (
                <span className="users-card-suspension">
                  Suspended {row.suspension.until === null ? 'indefinitely' : `until ${suspensionDate(row.suspension.until)}`}:{' '}
                  {row.suspension.reason}
                </span>
              )}
              {row.roleId !== 2 &&
                (row.suspension ? (
                  <LinkButton onClick={() => setUnsuspending(row)} aria-label={`Unsuspend ${row.userName}`}>
                    Unsuspend
                  </LinkButton>
                ) : (
                  <LinkButton
                    className="link-button-danger"
                    onClick={() => {
                      setUntil('');
                      setReason('');
                      setSuspending(row);
                    }}
                    aria-label={`Suspend ${row.userName}`}
                  >
                    Suspend
                  </LinkButton>
                ))}
            </li>
          ))}
        </ul>
      )}
      <div className="users-card-paging">
        {after && <LinkButton onClick={() => setAfter('')}>First page</LinkButton>}
        {rows && rows.length === PAGE && <LinkButton onClick={() => setAfter(rows[rows.length - 1].userName)}>Next page</LinkButton>}
      </div>
      <ConfirmationPopup
        open={suspending !== null}
        header={`Suspend ${suspending?.name ?? ''}`}
        danger
        body={
          <div className="users-card-suspend-form">
            <p>Their sessions end at once and they cannot log in until the suspension ends. Their posts and comments stay.</p>
            <label htmlFor="suspend-until">Until (leave empty for indefinitely)</label>
            <input id="suspend-until" type="date" value={until} onChange={(event) => setUntil(event.target.value)} />
            <label htmlFor="suspend-reason">Reason (shown to them)</label>
            <textarea id="suspend-reason" value={reason} onChange={(event) => setReason(event.target.value)} rows={3} />
          </div>
        }
        onCancel={() => setSuspending(null)}
        onConfirm={() => {
          const row = suspending;
          setSuspending(null);
          if (row) void act(() => suspendUser({ userName: row.userName, until: until || null, reason }));
        }}
      />
      <ConfirmationPopup
        open={unsuspending !== null}
        header={`Unsuspend ${unsuspending?.name ?? ''}`}
        body="They can log in again at once."
        onCancel={() => setUnsuspending(null)}
        onConfirm={() => {
          const row = unsuspending;
          setUnsuspending(null);
          if (row) void act(() => unsuspendUser(row.userName));
        }}
      />
    </section>
  );
}
