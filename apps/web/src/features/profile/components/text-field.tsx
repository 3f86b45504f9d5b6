import { FormField } from '@/components/form-field';

interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  maxLength: number;
  multiline?: boolean;
}

/** A text input (or a textarea) of a profile form. */
export function TextField({ label, value, onChange, onBlur, error, maxLength, multiline = false }: TextFieldProps) {
  return (
    <FormField label={label} error={error}>
      {(control) =>
        multiline ? (
          <textarea
            {...control}
            rows={4}
            maxLength={maxLength}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            onBlur={onBlur}
          />
        ) : (
          <input
            {...control}
            type="text"
            maxLength={maxLength}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            onBlur={onBlur}
          />
        )
      }
    </FormField>
  );
}
