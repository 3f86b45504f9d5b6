import {
  ATTACHMENT_EXTENSIONS,
  displayNameOf,
  fileProblem,
  fileUploadRequestSchema,
  firstErrors,
  MAX_LENGTHS,
  type AttachmentType,
} from '@app/contracts';
import { useRef, useState } from 'react';
import { FormField } from '@/components/form-field';

interface Props {
  attachmentTypeId: AttachmentType;
  /** Uploads the file under the given name; true when done (the form then clears). */
  onAttach: (input: { file: File; name: string }) => Promise<boolean>;
}

const ACCEPT = ATTACHMENT_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/** SPEC §5 attach-file form: a file (docx, doc, pdf, txt, zip) and the name it is listed under. */
export function AttachFilesForm({ attachmentTypeId, onAttach }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const fileError = file || submitted ? (fileProblem(file, attachmentTypeId) ?? undefined) : undefined;
  const nameError = submitted
    ? firstErrors(fileUploadRequestSchema, { AttachmentTypeId: String(attachmentTypeId), FileDisplayName: name }).FileDisplayName
    : undefined;

  const choose = (chosen: File | null) => {
    setFile(chosen);
    if (chosen && !name.trim()) setName(displayNameOf(chosen.name));
  };

  // Not a <form>: it sits inside the post's form, and forms cannot nest.
  const attach = async () => {
    setSubmitted(true);
    if (
      !file ||
      fileProblem(file, attachmentTypeId) ||
      firstErrors(fileUploadRequestSchema, { AttachmentTypeId: String(attachmentTypeId), FileDisplayName: name }).FileDisplayName
    )
      return;
    setBusy(true);
    try {
      if (await onAttach({ file, name: name.trim() })) {
        setFile(null);
        setName('');
        setSubmitted(false);
        if (fileInput.current) fileInput.current.value = '';
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="attach-files" aria-label="Attach files">
      <h2>Attach Files</h2>
      <div className="attach-files-row">
        <FormField label="File" error={fileError}>
          {(control) => (
            <input {...control} ref={fileInput} type="file" accept={ACCEPT} onChange={(event) => choose(event.target.files?.[0] ?? null)} />
          )}
        </FormField>
        <FormField label="File name" error={nameError}>
          {(control) => (
            <input
              {...control}
              type="text"
              value={name}
              maxLength={MAX_LENGTHS.fileDisplayName}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </FormField>
        <button type="button" className="button" onClick={() => void attach()} disabled={busy}>
          Attach
        </button>
      </div>
    </section>
  );
}
