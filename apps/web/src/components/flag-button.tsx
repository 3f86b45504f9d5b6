import { FLAG_NOTE_MAX_LENGTH, FLAG_REASONS, type FlagReason } from '@app/contracts';
import { useId, useState, type FormEvent } from 'react';
import { LinkButton } from '@/components/link-button';
import { Modal } from '@/components/modal';
import { useFlagItem } from '@/lib/flag-item';
import { messageOf } from '@/lib/message-of';

const REASON_TEXT: Record<FlagReason, string> = {
  spam: 'Spam',
  abuse: 'Abusive or rude',
  'off-topic': 'Off-topic',
  other: 'Something else',
};

interface FlagButtonProps {
  entityType: number;
  id: number;
  /** 'article', 'question' or 'comment': how the dialog names the item. */
  label: string;
}

/** 'Flag' on a post or comment (issue 27): a small dialog with a reason and an optional note for the admins. */
export function FlagButton({ entityType, id, label }: FlagButtonProps) {
  const [open, setOpen] = useState(false);
  const [flagged, setFlagged] = useState(false);
  return (
    <>
      <LinkButton onClick={() => setOpen(true)} disabled={flagged} aria-label={flagged ? `Flagged ${label}` : `Flag ${label}`}>
        {flagged ? 'Flagged' : 'Flag'}
      </LinkButton>
      {open && (
        <FlagDialog
          entityType={entityType}
          id={id}
          label={label}
          onClose={() => setOpen(false)}
          onFlagged={() => {
            setFlagged(true);
            setOpen(false);
          }}
        />
      )}
    </>
  );
}

function FlagDialog({ entityType, id, label, onClose, onFlagged }: FlagButtonProps & { onClose: () => void; onFlagged: () => void }) {
  const [reason, setReason] = useState<FlagReason | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const flag = useFlagItem();
  const formId = useId();
  const noteId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // React bubbles events through portals: keep this submit from reaching a form around the button.
    event.stopPropagation();
    if (!reason) {
      setError('Choose a reason');
      return;
    }
    flag.mutate(
      { entityType, id, reason, note: note.trim() },
      { onSuccess: onFlagged, onError: (failure) => setError(messageOf(failure)) },
    );
  };

  return (
    <Modal
      title={`Flag this ${label}`}
      onClose={onClose}
      actions={
        <>
          <button type="submit" form={formId} className="button button-primary" disabled={flag.isPending}>
            Flag
          </button>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <fieldset className="field">
          <legend>Why should an admin look at it?</legend>
          {FLAG_REASONS.map((value) => (
            <label key={value} className="flag-reason">
              <input type="radio" name={`${formId}-reason`} value={value} checked={reason === value} onChange={() => setReason(value)} />{' '}
              {REASON_TEXT[value]}
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor={noteId}>Note for the admins (optional)</label>
          <textarea id={noteId} value={note} maxLength={FLAG_NOTE_MAX_LENGTH} rows={3} onChange={(event) => setNote(event.target.value)} />
        </div>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}
