import { useId, useState, type FormEvent } from 'react';
import { linkHrefOf } from '@/components/editor/links';
import { Modal } from '@/components/modal';

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
  const formId = useId();
  const addressId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // React bubbles events through portals: keep this submit from reaching the page's form.
    event.stopPropagation();
    const href = linkHrefOf(address);
    if (!href) {
      setError('Enter an http, https or mailto address');
      return;
    }
    onApply(href);
  };

  return (
    <Modal
      title={currentHref ? 'Edit Link' : 'Insert Link'}
      onClose={onClose}
      actions={
        <>
          <button type="submit" form={formId} className="button button-primary">
            Apply
          </button>
          {currentHref && (
            <button type="button" className="button" onClick={onRemove}>
              Remove link
            </button>
          )}
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={addressId}>Link address</label>
          <input
            id={addressId}
            type="url"
            value={address}
            placeholder="https://"
            onChange={(event) => setAddress(event.target.value)}
            aria-invalid={error ? true : undefined}
          />
          {error && <p className="field-error">{error}</p>}
        </div>
      </form>
    </Modal>
  );
}
