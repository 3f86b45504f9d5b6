import { useState, type FormEvent, type ReactNode } from 'react';
import { messageOf } from '@/lib/message-of';

interface ProfileFormProps {
  label: string;
  /** Extra class of the form element. */
  className?: string;
  /** Marks the save attempt; resolves false when the form is invalid and nothing was sent. */
  onSave: () => Promise<boolean>;
  /** Closes the form: after a save that went through, or on Cancel. */
  onDone: () => void;
  children: ReactNode;
}

/** An edit mode of the profile (basic info, a history item): the fields, the server's refusal if any, Save and Cancel. */
export function ProfileForm({ label, className, onSave, onDone, children }: ProfileFormProps) {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    try {
      if (await onSave()) onDone();
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setSaving(false);
    }
  };
  return (
    <form
      className={className ? `profile-form ${className}` : 'profile-form'}
      aria-label={label}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      {children}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="profile-form-buttons">
        <button type="submit" className="button button-primary" disabled={saving}>
          Save
        </button>
        <button type="button" className="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
