import { useId, useState, type KeyboardEvent } from 'react';
import { inlineFieldError, type InlineFieldRules } from '@/features/profile/lib/inline-field';
import { orNotAvailable } from '@/features/profile/lib/profile-text';
import { messageOf } from '@/lib/message-of';

interface InlineEditableFieldProps extends InlineFieldRules {
  label: string;
  value: string | null;
  /** Saves the new value; rejects with the server's message. */
  onSave: (value: string) => Promise<unknown>;
  className?: string;
}

/**
 * A value the owner edits in place (SPEC §4: name and title): a click opens an input, leaving it
 * saves. '*' marks a missing required value and 'Input Invalid' a pattern failure (SPEC §5); an
 * invalid value is not saved and the input stays open. Escape gives the old value back.
 */
export function InlineEditableField({ label, value, onSave, className, ...rules }: InlineEditableFieldProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [serverError, setServerError] = useState('');
  const [saving, setSaving] = useState(false);
  const errorId = useId();
  const editing = draft !== null;
  const error = editing ? inlineFieldError(draft, rules) : null;

  const save = async () => {
    if (draft === null || error || saving) return;
    if (draft.trim() === (value ?? '').trim()) return setDraft(null);
    setSaving(true);
    try {
      await onSave(draft.trim());
      setDraft(null);
      setServerError('');
    } catch (failure) {
      setServerError(messageOf(failure));
    } finally {
      setSaving(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') event.currentTarget.blur();
    if (event.key === 'Escape') {
      setDraft(null);
      setServerError('');
    }
  };

  if (!editing)
    return (
      <button
        type="button"
        className={`inline-field-value ${className ?? ''}`.trim()}
        aria-label={`${label}: ${orNotAvailable(value)} (click to edit)`}
        onClick={() => setDraft(value ?? '')}
      >
        {orNotAvailable(value)}
      </button>
    );

  const message = error ?? serverError;
  return (
    <span className={`inline-field ${className ?? ''}`.trim()}>
      <input
        type="text"
        aria-label={label}
        value={draft}
        autoFocus
        disabled={saving}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? errorId : undefined}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => void save()}
        onKeyDown={onKeyDown}
      />
      {message && (
        <span id={errorId} className="field-error" role="alert">
          {message}
        </span>
      )}
    </span>
  );
}
