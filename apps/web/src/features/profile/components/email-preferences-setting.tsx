import { NOTIFICATION_KIND_NAMES, type NotificationKindName } from '@app/contracts';
import { useState } from 'react';
import { useEmailPreferences } from '@/features/profile/api/get-email-preferences';
import { useSetEmailPreference } from '@/features/profile/api/set-email-preference';
import { ErrorMessage } from '@/components/error-message';

const LABELS: Record<NotificationKindName, string> = {
  comment: 'Comments on my posts',
  reply: 'Replies to my comments',
  mention: 'Mentions of me',
  like: 'Likes of my posts and comments (at most one e-mail a day per item)',
  follow: 'New followers',
  post: 'New posts by people and tags I follow',
  moderation: 'Moderation of my posts and comments',
  'answer-accepted': 'My answer accepted',
  'flag-resolved': 'What I flagged reviewed',
};

/** Which of the mailed notification kinds are e-mailed (each the same switch as its e-mails' unsubscribe link); the rest show in the inbox only. */
export function EmailPreferencesSetting({ userName }: { userName: string }) {
  const preferences = useEmailPreferences(userName);
  const change = useSetEmailPreference(userName);
  // A box follows the click at once (a controlled checkbox would snap back until the call answers).
  const [wanted, setWanted] = useState<Partial<Record<NotificationKindName, boolean>>>({});
  return (
    <section className="card profile-section" aria-labelledby="email-preferences-heading">
      <h2 id="email-preferences-heading">E-mail notifications</h2>
      {preferences.isPending && <p className="muted">Loading…</p>}
      {preferences.isError && <p className="muted">The settings could not be loaded.</p>}
      {preferences.data && (
        <fieldset className="email-preferences">
          <legend>E-mail me about</legend>
          {NOTIFICATION_KIND_NAMES.map((kind) => (
            <label key={kind} className="checkbox-field">
              <input
                type="checkbox"
                checked={wanted[kind] ?? preferences.data[kind]}
                disabled={change.isPending}
                onChange={(event) => {
                  const enabled = event.target.checked;
                  setWanted((current) => ({ ...current, [kind]: enabled }));
                  change.mutate({ kind, enabled }, { onSettled: () => setWanted(({ [kind]: _done, ...rest }) => rest) });
                }}
              />{' '}
              {LABELS[kind]}
            </label>
          ))}
        </fieldset>
      )}
      <ErrorMessage error={change.error} />
    </section>
  );
}
