import { useState } from 'react';
import { Link } from 'react-router-dom';
import { LinkButton } from '@/components/link-button';
import { paths } from '@/config/paths';
import { postHref, postKindOf } from '@/config/post-kinds';
import { parseServerTime, relativeTime } from '@/lib/relative-time';
import { useRecentModeration } from '@/features/admin/api/get-recent-moderation';
import { suspensionDate, type ModerationAction, type RecentModerationEntry } from '@app/contracts';

const ACTION_TEXT: Record<ModerationAction, string> = {
  create: 'created',
  edit: 'edited',
  publish: 'published',
  unpublish: 'unpublished',
  approve: 'approved',
  unapprove: 'unapproved',
  delete: 'deleted',
  'approve-comment': 'approved a comment on',
  'unapprove-comment': 'unapproved a comment on',
  'delete-comment': 'deleted a comment on',
  'hidden-by-flags': 'hid, after three flags,',
  'dismiss-flags': 'dismissed the flags on',
  'hide-flagged': 'hid, resolving its flags,',
  'delete-flagged': 'deleted, resolving its flags,',
  suspend: 'suspended',
  unsuspend: 'unsuspended',
};

const SYSTEM_ACTORS = new Set(['system', 'operator']);

/** Entries shown at first and added by each 'Show more': the card stays about a screen tall, so the System card below stays in reach. */
export const RECENT_ACTIVITY_PAGE = 10;

/** The latest moderation actions across all posts (who did what to which post, and when). */
export function RecentModeration() {
  const recent = useRecentModeration();
  const entries = recent.data ?? null;
  const failed = recent.isError;
  const [shown, setShown] = useState(RECENT_ACTIVITY_PAGE);
  return (
    <section className="card recent-moderation" aria-labelledby="recent-moderation-heading">
      <h2 id="recent-moderation-heading">Recent activity</h2>
      {failed && <p className="muted">The recent activity could not be loaded.</p>}
      {entries === null && !failed && <p className="muted">Loading…</p>}
      {entries?.length === 0 && <p className="muted">Nothing has happened yet.</p>}
      {entries && entries.length > 0 && (
        <ol className="admin-list">
          {entries.slice(0, shown).map((entry, index) => (
            <li key={`${entry.entityType}-${entry.postId}-${entry.at}-${index}`}>
              {entry.subject ? <AccountEntryText entry={entry} /> : <ModerationEntryText entry={entry} />}
              <time className="muted" dateTime={parseServerTime(entry.at).toISOString()}>
                {relativeTime(entry.at)}
              </time>
              {!entry.subject && (
                <Link
                  to={paths.moderationTrail.getHref(postKindOf(entry.entityType).kind, entry.postId)}
                  aria-label={`Moderation trail of ${entry.title || `#${entry.postId}`}`}
                >
                  Trail
                </Link>
              )}
            </li>
          ))}
        </ol>
      )}
      {entries && entries.length > shown && (
        <LinkButton onClick={() => setShown((count) => count + RECENT_ACTIVITY_PAGE)}>
          Show more ({entries.length - shown} older)
        </LinkButton>
      )}
    </section>
  );
}

function ActorName({ entry }: { entry: RecentModerationEntry }) {
  return SYSTEM_ACTORS.has(entry.actor) || !entry.actor ? (
    <strong>{entry.actorName}</strong>
  ) : (
    <Link to={paths.profile.getHref(entry.actor)}>{entry.actorName}</Link>
  );
}

/** Issue 27: a suspension or its lifting names the admin and the person (and the end and reason). */
function AccountEntryText({ entry }: { entry: RecentModerationEntry }) {
  const subject = entry.subject!;
  return (
    <span>
      <ActorName entry={entry} /> {ACTION_TEXT[entry.action] ?? entry.action}{' '}
      {subject.userName ? <Link to={paths.profile.getHref(subject.userName)}>{subject.name}</Link> : <em>{subject.name}</em>}
      {entry.action === 'suspend' && (
        <>
          {' '}
          {entry.until ? `until ${suspensionDate(entry.until)}` : 'indefinitely'}
          {entry.reason ? `: ${entry.reason}` : ''}
        </>
      )}
    </span>
  );
}

function ModerationEntryText({ entry }: { entry: RecentModerationEntry }) {
  const kind = postKindOf(entry.entityType).kind;
  const title = entry.title || `#${entry.postId}`;
  return (
    <span>
      {SYSTEM_ACTORS.has(entry.actor) || !entry.actor ? (
        <strong>{entry.actorName}</strong>
      ) : (
        <Link to={paths.profile.getHref(entry.actor)}>{entry.actorName}</Link>
      )}{' '}
      {ACTION_TEXT[entry.action] ?? entry.action} {kind}{' '}
      {entry.action === 'delete' ? (
        <em>{title}</em>
      ) : (
        <Link to={postHref({ id: entry.postId, entityType: entry.entityType, title: entry.title })}>{title}</Link>
      )}
    </span>
  );
}
