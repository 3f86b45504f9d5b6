import { Link, useParams } from 'react-router-dom';
import type { ModerationHistoryEntry } from '@app/contracts';
import { NoticePage } from '@/components/notice-page';
import { PageHeading } from '@/components/page-heading';
import { RequireAdmin } from '@/components/require-admin';
import { paths } from '@/config/paths';
import { POST_KINDS, type PostKindConfig } from '@/config/post-kinds';
import { CHANGE_LABELS } from '@/lib/change-labels';
import { messageOf } from '@/lib/message-of';
import { exactTime, parseServerTime, relativeTime } from '@/lib/relative-time';
import { useModerationHistory } from '@/features/admin/api/get-moderation-history';
import '@/features/admin/moderation-trail.css';

/** Actors without a profile to link: the site itself, the operator's CLI, an erased account. */
const NOT_A_PROFILE = new Set(['system', 'operator', 'Deleted user']);

/** One post's moderation trail (issue 25), reached from the Admin Panel and from the post. Admins only. */
export function ModerationTrailPage() {
  const { kind: kindParam = '', id: idParam = '' } = useParams();
  const kind = kindParam === 'article' || kindParam === 'question' ? POST_KINDS[kindParam] : null;
  const id = Number(idParam);
  return (
    <RequireAdmin title="Moderation trail">
      {kind && Number.isSafeInteger(id) && id > 0 ? (
        <Trail kind={kind} id={id} />
      ) : (
        <NoticePage title="Moderation trail">No such post.</NoticePage>
      )}
    </RequireAdmin>
  );
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
        {CHANGE_LABELS[entry.action] ?? entry.action}
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
