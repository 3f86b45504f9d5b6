import { useState } from 'react';
import { DialogForm, UrlField } from '@/components/editor/dialog-form';
import { linkHrefOf } from '@/components/editor/links';

interface Props {
  /** The link under the selection, to edit or remove. */
  currentHref: string;
  onApply: (href: string) => void;
  onRemove: () => void;
  onClose: () => void;
}

/** The toolbar's 'link' action: links the selection to an http(s) or mailto address. */
export function LinkDialog({ currentHref, onApply, onRemove, onClose }: Props) {
  const [address, setAddress] = useState(currentHref);
  const [error, setError] = useState('');

  const submit = () => {
    const href = linkHrefOf(address);
    if (!href) {
      setError('Enter an http, https or mailto address');
      return;
    }
    onApply(href);
  };

  return (
    <DialogForm
      title={currentHref ? 'Edit Link' : 'Insert Link'}
      submitLabel="Apply"
      otherActions={
        currentHref && (
          <button type="button" className="button" onClick={onRemove}>
            Remove link
          </button>
        )
      }
      onSubmit={submit}
      onClose={onClose}
    >
      <UrlField label="Link address" value={address} placeholder="https://" onChange={setAddress} error={error} />
    </DialogForm>
  );
}
