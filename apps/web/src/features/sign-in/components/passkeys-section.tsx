import { useId, useState, type FormEvent } from 'react';
import type { PasskeySummary } from '@app/contracts';
import { PASSKEY_NAME_LENGTH } from '@app/contracts';
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from '@/features/sign-in/api/passkeys';
import { passkeysSupported } from '@/lib/passkey-prompt';
import { ErrorMessage } from '@/components/error-message';

/** Passkeys: add one (named), rename, remove (never the last way in). They sign in without a password, or replace a code. */
export function PasskeysSection() {
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const [name, setName] = useState('');
  const ids = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate({ name }, { onSuccess: () => setName('') });
  };

  return (
    <section className="card profile-section" aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`}>Passkeys</h2>
      <p>Sign in with your fingerprint, face or device PIN instead of a password. A passkey also stands in for a two-factor code.</p>
      {passkeys.isPending && <p className="muted">Loading…</p>}
      {passkeys.isError && <p className="muted">The passkeys could not be loaded.</p>}
      {passkeys.data && passkeys.data.length > 0 && (
        <ul className="sign-in-list" aria-label="Passkeys">
          {passkeys.data.map((passkey) => (
            <PasskeyItem key={passkey.id} passkey={passkey} />
          ))}
        </ul>
      )}
      {passkeysSupported() ? (
        <form className="sign-in-actions" onSubmit={submit} aria-label="Add a passkey">
          <label htmlFor={`${ids}-name`} className="visually-hidden">
            Passkey name
          </label>
          <input
            id={`${ids}-name`}
            value={name}
            maxLength={PASSKEY_NAME_LENGTH}
            placeholder="Name (e.g. Laptop)"
            onChange={(event) => setName(event.target.value)}
          />
          <button type="submit" className="button" disabled={add.isPending}>
            Add a passkey
          </button>
        </form>
      ) : (
        <p className="muted">This browser cannot make passkeys.</p>
      )}
      <ErrorMessage error={add.error} />
    </section>
  );
}

function PasskeyItem({ passkey }: { passkey: PasskeySummary }) {
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const inputId = useId();
  const error = rename.error ?? remove.error;

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) rename.mutate({ id: passkey.id, name: name.trim() }, { onSuccess: () => setEditing(false) });
  };

  return (
    <li className="sign-in-item">
      {editing ? (
        <form className="sign-in-actions" onSubmit={save}>
          <label htmlFor={inputId}>New name</label>
          <input id={inputId} value={name} maxLength={PASSKEY_NAME_LENGTH} autoFocus onChange={(event) => setName(event.target.value)} />
          <button type="submit" className="button" disabled={rename.isPending}>
            Save
          </button>
          <button type="button" className="button" onClick={() => setEditing(false)}>
            Cancel
          </button>
        </form>
      ) : (
        <div>
          <strong>{passkey.name}</strong>
          {passkey.synced && <span className="sign-in-badge">synced</span>}
          <div className="muted">
            added {new Date(passkey.createdAt).toLocaleString()}
            {passkey.lastUsedAt ? `, last used ${new Date(passkey.lastUsedAt).toLocaleString()}` : ', never used'}
          </div>
        </div>
      )}
      {!editing && (
        <div className="sign-in-actions">
          <button type="button" className="button" onClick={() => setEditing(true)} aria-label={`Rename passkey ${passkey.name}`}>
            Rename
          </button>
          <button
            type="button"
            className="button"
            disabled={remove.isPending || !passkey.canRemove}
            title={passkey.canRemove ? undefined : 'Your only way to sign in: set a password or add another first.'}
            onClick={() => remove.mutate(passkey.id)}
            aria-label={`Remove passkey ${passkey.name}`}
          >
            Remove
          </button>
        </div>
      )}
      <ErrorMessage error={error} />
    </li>
  );
}
