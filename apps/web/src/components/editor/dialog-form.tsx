import { useId, type FormEvent, type ReactNode } from 'react';
import { Modal } from '@/components/modal';

interface DialogFormProps {
  title: string;
  submitLabel: string;
  /** Buttons between the submit button and Cancel. */
  otherActions?: ReactNode;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** A toolbar dialog holding one small form (link, image address): submit, any other actions, Cancel. */
export function DialogForm({ title, submitLabel, otherActions, onSubmit, onClose, children }: DialogFormProps) {
  const formId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // React bubbles events through portals: keep this submit from reaching the page's form.
    event.stopPropagation();
    onSubmit();
  };
  return (
    <Modal
      title={title}
      onClose={onClose}
      actions={
        <>
          <button type="submit" form={formId} className="button button-primary">
            {submitLabel}
          </button>
          {otherActions}
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        {children}
      </form>
    </Modal>
  );
}

/** A web address input with its label and the error under it. */
export function UrlField(props: { label: string; value: string; onChange: (value: string) => void; error: string; placeholder?: string }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        type="url"
        value={props.value}
        placeholder={props.placeholder}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={props.error ? true : undefined}
      />
      {props.error && <p className="field-error">{props.error}</p>}
    </div>
  );
}
