import { AttachmentType, DOCUMENT_EXTENSIONS, fileProblem, fileUploadRequestSchema, firstErrors } from '@app/contracts';
import { useId, useRef, useState, type FormEvent } from 'react';
import '@/components/components.css';
import './documents.css';
import { PageHeading } from '@/components/page-heading';
import { RequireLogin } from '@/components/require-login';
import { uploadDocument } from '@/features/documents/api/upload-document';

/** SPEC §8 document upload outcomes. */
export const DOCUMENT_MESSAGES = { uploaded: 'Document uploaded successfully', failed: 'Upload failed' } as const;

const ACCEPT = DOCUMENT_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/** Upload a document (doc, docx, pdf, txt up to 5 MB) with optional instructions for the admins. */
export function UploadDocumentsPage() {
  return (
    <RequireLogin>
      <UploadDocumentForm />
    </RequireLogin>
  );
}

function UploadDocumentForm() {
  const [file, setFile] = useState<File | null>(null);
  const [instructions, setInstructions] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const ids = { file: useId(), instructions: useId() };

  const fileError = file || submitted ? fileProblem(file, AttachmentType.Document) : null;
  const instructionsError = firstErrors(fileUploadRequestSchema, {
    AttachmentTypeId: String(AttachmentType.Document),
    Instructions: instructions,
  }).Instructions;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setOutcome(null);
    if (!file || fileError || fileProblem(file, AttachmentType.Document) || instructionsError) return;
    setBusy(true);
    try {
      await uploadDocument(file, instructions);
      setOutcome({ ok: true, text: DOCUMENT_MESSAGES.uploaded });
      setFile(null);
      setInstructions('');
      setSubmitted(false);
      if (fileInput.current) fileInput.current.value = '';
    } catch (error) {
      setOutcome({ ok: false, text: (error instanceof Error && error.message) || DOCUMENT_MESSAGES.failed });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="upload-documents">
      <PageHeading title="Upload Documents" />
      <form className="card upload-documents-form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="field">
          <label htmlFor={ids.file}>File</label>
          <input
            id={ids.file}
            ref={fileInput}
            type="file"
            accept={ACCEPT}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setOutcome(null);
            }}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? `${ids.file}-error` : undefined}
          />
          {fileError && (
            <p id={`${ids.file}-error`} className="field-error">
              {fileError}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={ids.instructions}>Instructions (optional)</label>
          <textarea
            id={ids.instructions}
            rows={5}
            value={instructions}
            onChange={(event) => setInstructions(event.target.value)}
            aria-invalid={instructionsError ? true : undefined}
            aria-describedby={instructionsError ? `${ids.instructions}-error` : undefined}
          />
          {instructionsError && (
            <p id={`${ids.instructions}-error`} className="field-error">
              {instructionsError}
            </p>
          )}
        </div>
        <button type="submit" className="button button-primary" disabled={busy}>
          Upload
        </button>
        {outcome && (
          <p className={`upload-outcome ${outcome.ok ? 'field-success' : 'field-error'}`} role={outcome.ok ? 'status' : 'alert'}>
            {outcome.text}
          </p>
        )}
      </form>
    </div>
  );
}
