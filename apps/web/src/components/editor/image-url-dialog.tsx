import { useId, useState } from 'react';
import { DialogForm, UrlField } from '@/components/editor/dialog-form';

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
  const altId = useId();

  const submit = () => {
    const trimmed = src.trim();
    if (!isWebUrl(trimmed)) {
      setError('Enter an http or https image address');
      return;
    }
    onInsert({ src: trimmed, alt: alt.trim() });
  };

  return (
    <DialogForm title="Insert Image" submitLabel="Insert" onSubmit={submit} onClose={onClose}>
      <UrlField label="Image URL" value={src} onChange={setSrc} error={error} />
      <div className="field">
        <label htmlFor={altId}>Alternative text</label>
        <input id={altId} type="text" value={alt} onChange={(event) => setAlt(event.target.value)} />
      </div>
    </DialogForm>
  );
}
