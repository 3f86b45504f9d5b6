import { Link, useParams } from 'react-router-dom';
import type { ModerationAction, ModerationHistoryEntry } from '@app/contracts';
import { PageHeading } from '@/components/page-heading';
import { RequireLogin } from '@/components/require-login';
import { paths } from '@/config/paths';
import { POST_KINDS, type PostKindConfig } from '@/config/post-kinds';
import { useAuth } from '@/lib/auth-context';
import { messageOf } from '@/lib/message-of';
import { exactTime, parseServerTime, relativeTime } from '@/lib/relative-time';
import { useModerationHistory } from '@/features/admin/api/get-moderation-history';
import '@/features/admin/moderation-trail.css';

const ACTION_TEXT: Record<ModerationAction, string> = {
  create: 'Created',
  edit: 'Edited',
  publish: 'Published',
  unpublish: 'Unpublished',
  approve: 'Approved',
  unapprove: 'Unapproved',
  delete: 'Deleted',
  'approve-comment': 'Approved comment',
  'unapprove-comment': 'Unapproved comment',
  'delete-comment': 'Deleted comment',
  'hidden-by-flags': 'Hidden by flags',
  'dismiss-flags': 'Dismissed flags',
  'hide-flagged': 'Hid flagged item',
  'delete-flagged': 'Deleted flagged item',
  // Done to people, never in a post's trail (issue 27).
  suspend: 'Suspended',
  unsuspend: 'Unsuspended',
};

/** Actors without a profile to link: the site itself, the operator's CLI, an erased account. */
const NOT_A_PROFILE = new Set(['system', 'operator', 'Deleted user']);

/** One post's moderation trail (issue 25), reached from the Admin Panel and from the post. Admins only. */
export function ModerationTrailPage() {
  const { kind: kindParam = '', id: idParam = '' } = useParams();
  const kind = kindParam === 'article' || kindParam === 'question' ? POST_KINDS[kindParam] : null;
  const id = Number(idParam);
  return (
    <RequireLogin>
      {kind && Number.isSafeInteger(id) && id > 0 ? (
        <AdminOnly kind={kind} id={id} />
      ) : (
        <div className="card">
          <PageHeading title="Moderation trail" />
          <p className="notice" role="alert">
            No such post.
          </p>
        </div>
      )}
    </RequireLogin>
  );
}

function AdminOnly({ kind, id }: { kind: PostKindConfig; id: number }) {
  const { isAdmin } = useAuth();
  if (!isAdmin)
    return (
      <div className="card">
        <PageHeading title="Moderation trail" />
        <p className="notice" role="alert">
          Only admins can see this page.
        </p>
      </div>
    );
  return <Trail kind={kind} id={id} />;
}

function Trail({ kind, id }: { kind: PostKindConfig; id: number }) {
  const history = useModerationHistory(kind, id);
  const entries = history.data;
  const deleted = entries?.some((entry) => entry.action === 'delete') ?? false;
  return (
    <section className="card moderation-trail" aria-labelledby="moderation-trail-heading">
      <PageHeading title={`Moderation trail of ${kind.label.toLowerCase()} #${id}`}>
        <span id="moderation-trail-heading">
          Moderation trail of {kind.label.toLowerCase()} #{id}
        </span>
      </PageHeading>
      <p className="moderation-trail-links">
        {entries && !deleted && <Link to={kind.paths.view.getHref(id, '')}>Open the {kind.label.toLowerCase()}</Link>}
        <Link to={paths.admin.getHref()}>Back to the Admin Panel</Link>
      </p>
      {history.isPending && <p className="muted">Loading…</p>}
      {history.isError && (
        <p className="notice" role="alert">
          {messageOf(history.error)}
        </p>
      )}
      {entries && (
        <ol className="moderation-trail-list" aria-label="Moderation actions, oldest first">
          {entries.map((entry, index) => (
            <TrailEntry key={`${entry.at}-${index}`} entry={entry} />
          ))}
        </ol>
      )}
    </section>
  );
}

function TrailEntry({ entry }: { entry: ModerationHistoryEntry }) {
  return (
    <li>
      <span className="moderation-trail-action">
        {ACTION_TEXT[entry.action] ?? entry.action}
        {entry.commentId ? ` #${entry.commentId}` : ''}
      </span>
      <span>
        by{' '}
        {NOT_A_PROFILE.has(entry.actor) ? (
          <strong>{entry.actor}</strong>
        ) : (
          <Link to={paths.profile.getHref(entry.actor)}>{entry.actor}</Link>
        )}
      </span>
      <time className="muted" dateTime={parseServerTime(entry.at).toISOString()} title={relativeTime(entry.at)}>
        {exactTime(entry.at)}
      </time>
    </li>
  );
}
