import { useId } from 'react';
import type { TextFieldProps } from '@/features/auth/hooks/use-form';

interface Props extends TextFieldProps {
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  /** The field's rule, shown before any error (issue 25: the password rules). */
  hint?: string;
}

/** A labelled input with its validation message (SPEC §5 text) underneath. */
export function TextField({ label, type = 'text', autoComplete, hint, name, value, error, onChange, onBlur }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        autoComplete={autoComplete}
        onChange={onChange}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
