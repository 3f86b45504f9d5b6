import { useState } from 'react';
import { useSetSaved } from '@/lib/set-saved';
import { ErrorMessage } from '@/components/error-message';

interface SaveButtonProps {
  entityType: 1 | 2;
  id: number;
  isSavedByMe: boolean;
}

/** Save / Saved toggle: puts the post on the reader's reading list (logged-in readers only). */
export function SaveButton({ entityType, id, isSavedByMe }: SaveButtonProps) {
  const [mine, setMine] = useState<boolean | null>(null);
  const setSaved = useSetSaved(entityType, id);
  const isSaved = mine ?? isSavedByMe;
  return (
    <span className="save">
      <button
        type="button"
        className="like-button"
        aria-pressed={isSaved}
        title="Save to reading list"
        disabled={setSaved.isPending}
        onClick={() => setSaved.mutate(!isSaved, { onSuccess: (result) => setMine(result.isSaved) })}
      >
        <span aria-hidden="true">{isSaved ? '★ ' : '☆ '}</span>
        {isSaved ? 'Saved' : 'Save'}
      </button>
      <ErrorMessage error={setSaved.error} inline />
    </span>
  );
}
