import { messageOf } from '@/lib/message-of';

/** The server's message for a failed action of a Settings section, announced as it appears; nothing when there is none. */
export function MutationError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p className="field-error" role="alert">
      {messageOf(error)}
    </p>
  );
}
