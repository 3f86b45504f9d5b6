import { messageOf } from '@/lib/message-of';

/** What a failed request said, announced beside the action that failed; nothing while there is no error. `inline` in a line of buttons. */
export function ErrorMessage({ error, inline = false }: { error: unknown; inline?: boolean }) {
  if (!error) return null;
  const Tag = inline ? 'span' : 'p';
  return (
    <Tag className="field-error" role="alert">
      {messageOf(error)}
    </Tag>
  );
}
