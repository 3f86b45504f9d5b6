import { useId, useState, type FormEvent } from 'react';
import { Modal } from '@/components/modal';

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

interface Props {
  onInsert: (image: { src: string; alt: string }) => void;
  onClose: () => void;
}

/** The toolbar's 'image' action: an image by its web address. */
export function ImageUrlDialog({ onInsert, onClose }: Props) {
  const [src, setSrc] = useState('');
  const [alt, setAlt] = useState('');
  const [error, setError] = useState('');
  const formId = useId();
  const urlId = useId();
  const altId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // React bubbles events through portals: keep this submit from reaching the page's form.
    event.stopPropagation();
    const trimmed = src.trim();
    if (!isWebUrl(trimmed)) {
      setError('Enter an http or https image address');
      return;
    }
    onInsert({ src: trimmed, alt: alt.trim() });
  };

  return (
    <Modal
      title="Insert Image"
      onClose={onClose}
      actions={
        <>
          <button type="submit" form={formId} className="button button-primary">
            Insert
          </button>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={urlId}>Image URL</label>
          <input
            id={urlId}
            type="url"
            value={src}
            onChange={(event) => setSrc(event.target.value)}
            aria-invalid={error ? true : undefined}
          />
          {error && <p className="field-error">{error}</p>}
        </div>
        <div className="field">
          <label htmlFor={altId}>Alternative text</label>
          <input id={altId} type="text" value={alt} onChange={(event) => setAlt(event.target.value)} />
        </div>
      </form>
    </Modal>
  );
}
