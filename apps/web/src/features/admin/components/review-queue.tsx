import type { FlagAction, FlaggedItem, FlagQueueStatus, FlagReason } from '@app/contracts';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmationPopup, CONFIRM_DELETE_TEXT, CONFIRM_HEADER } from '@/components/confirmation-popup';
import { StatusBadge } from '@/components/status-badge';
import { TabBar } from '@/components/tab-bar';
import { paths } from '@/config/paths';
import { parseServerTime, relativeTime } from '@/lib/relative-time';
import { useFlags } from '@/features/admin/api/get-flags';
import { useResolveFlags } from '@/features/admin/api/resolve-flags';
import { ErrorMessage } from '@/components/error-message';

const STATUSES = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
] as const satisfies readonly { value: FlagQueueStatus; label: string }[];

const REASON_TEXT: Record<FlagReason, string> = { spam: 'spam', abuse: 'abuse', 'off-topic': 'off-topic', other: 'other' };
const ITEM_TEXT: Record<number, string> = { 1: 'Article', 2: 'Question', 3: 'Comment', 4: 'Comment' };
const OUTCOME_TEXT: Record<FlagAction, string> = { dismiss: 'Dismissed', hide: 'Hidden', delete: 'Deleted' };

/** The Admin Panel's 'Review queue' (issue 27): flagged posts and comments, with their flags, to dismiss, hide or delete. */
export function ReviewQueue() {
  const [status, setStatus] = useState<FlagQueueStatus>('open');
  const flags = useFlags(status);
  return (
    <section className="card review-queue" aria-labelledby="review-queue-heading">
      <h2 id="review-queue-heading">Review queue</h2>
      <TabBar label="Flag status" tabs={STATUSES} selected={status} onSelect={setStatus} />
      {flags.isError && <p className="muted">The review queue could not be loaded.</p>}
      {flags.isPending && <p className="muted">Loading…</p>}
      {flags.data?.length === 0 && (
        <p className="muted">{status === 'open' ? 'Nothing is waiting for review.' : 'Nothing resolved yet.'}</p>
      )}
      {flags.data && flags.data.length > 0 && (
        <ol className="review-queue-list">
          {flags.data.map((item) => (
            <FlaggedRow key={`${item.entityType}-${item.id}`} item={item} />
          ))}
        </ol>
      )}
    </section>
  );
}

function FlaggedRow({ item }: { item: FlaggedItem }) {
  const [note, setNote] = useState('');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const resolve = useResolveFlags();
  const noteId = useId();
  const what = ITEM_TEXT[item.entityType] ?? 'Item';
  const name = `${what} ${item.entityType > 2 ? `on ${item.title || `#${item.postId}`}` : item.title || `#${item.id}`}`;
  const act = (action: FlagAction) => resolve.mutate({ entityType: item.entityType, id: item.id, action, note: note.trim() });
  const reasons = (Object.entries(item.reasons) as [FlagReason, number][]).map(([reason, count]) => `${REASON_TEXT[reason]} ${count}`);
  return (
    <li className="review-queue-item" aria-label={name}>
      <header className="admin-item-header">
        {item.url ? <Link to={item.url}>{name}</Link> : <strong>{name}</strong>}
        {item.isHidden && <StatusBadge tone="pending">Hidden pending review</StatusBadge>}
        <span className="muted">
          {item.count} {item.count === 1 ? 'flag' : 'flags'}: {reasons.join(', ')}
        </span>
      </header>
      {item.entityType > 2 && item.excerpt && <blockquote className="review-queue-excerpt">{item.excerpt}</blockquote>}
      <ul className="review-queue-flags">
        {item.flags.map((flag, index) => (
          <li key={`${flag.userName}-${index}`}>
            {flag.userName ? <Link to={paths.profile.getHref(flag.userName)}>{flag.name}</Link> : <span>{flag.name}</span>}{' '}
            <span className="muted">
              ({REASON_TEXT[flag.reason]}
              {flag.counts ? '' : ', not counted'}) <time dateTime={parseServerTime(flag.at).toISOString()}>{relativeTime(flag.at)}</time>
            </span>
            {flag.note && <span className="review-queue-note">: {flag.note}</span>}
          </li>
        ))}
      </ul>
      {item.status === 'open' ? (
        <div className="review-queue-actions">
          <div className="field">
            <label htmlFor={noteId}>Note (optional)</label>
            <input id={noteId} value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} />
          </div>
          <button type="button" className="button" disabled={resolve.isPending} onClick={() => act('dismiss')}>
            Dismiss
          </button>
          <button type="button" className="button" disabled={resolve.isPending} onClick={() => act('hide')}>
            Hide
          </button>
          <button type="button" className="button button-danger" disabled={resolve.isPending} onClick={() => setConfirmDelete(true)}>
            Delete
          </button>
          <ErrorMessage error={resolve.error} />
        </div>
      ) : (
        item.resolution && (
          <p className="muted">
            {OUTCOME_TEXT[item.resolution.action]} by {item.resolution.byName} {relativeTime(item.resolution.at)}
            {item.resolution.note ? `: ${item.resolution.note}` : ''}
          </p>
        )
      )}
      <ConfirmationPopup
        open={confirmDelete}
        header={CONFIRM_HEADER}
        body={
          <>
            <p>Delete this {what.toLowerCase()}?</p>
            <p>{CONFIRM_DELETE_TEXT}</p>
          </>
        }
        danger
        onConfirm={() => {
          setConfirmDelete(false);
          act('delete');
        }}
        onCancel={() => setConfirmDelete(false)}
      />
    </li>
  );
}
