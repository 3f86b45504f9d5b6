import { useState } from 'react';
import { useCommentNotifications } from '@/features/profile/api/get-comment-notifications';
import { useSetCommentNotifications } from '@/features/profile/api/set-comment-notifications';
import { messageOf } from '@/lib/message-of';

/** The opt-out of e-mails about comments on one's posts and replies to one's comments (the same switch as the e-mails' unsubscribe link). */
export function CommentNotificationsSetting({ userName }: { userName: string }) {
  const setting = useCommentNotifications(userName);
  const change = useSetCommentNotifications(userName);
  // The box follows the click at once (a controlled checkbox would snap back until the call answers).
  const [wanted, setWanted] = useState<boolean | null>(null);
  return (
    <section className="card profile-section" aria-labelledby="comment-notifications-heading">
      <h2 id="comment-notifications-heading">Comment notifications</h2>
      {setting.isPending && <p className="muted">Loading…</p>}
      {setting.isError && <p className="muted">The setting could not be loaded.</p>}
      {setting.data && (
        <label className="checkbox-field">
          <input
            type="checkbox"
            checked={wanted ?? setting.data.enabled}
            disabled={change.isPending}
            onChange={(event) => {
              setWanted(event.target.checked);
              change.mutate(event.target.checked, { onSettled: () => setWanted(null) });
            }}
          />{' '}
          E-mail me when someone comments on my posts or replies to my comments
        </label>
      )}
      {change.isError && (
        <p className="field-error" role="alert">
          {messageOf(change.error)}
        </p>
      )}
    </section>
  );
}
