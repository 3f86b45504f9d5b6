import { useId } from 'react';
import type { TextFieldProps } from '@/features/auth/hooks/use-form';

interface Props extends TextFieldProps {
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
}

/** A labelled input with its validation message (SPEC §5 text) underneath. */
export function TextField({ label, type = 'text', autoComplete, name, value, error, onChange, onBlur }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
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
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
