import { latestToday } from '@app/contracts';
import { FormField } from '@/components/form-field';

interface DateFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  disabled?: boolean;
}

/** A calendar date ('YYYY-MM-DD') that cannot exceed today (SPEC §5). */
export function DateField({ label, value, onChange, onBlur, error, disabled }: DateFieldProps) {
  return (
    <FormField label={label} error={error}>
      {(control) => (
        <input
          {...control}
          type="date"
          max={latestToday(new Date())}
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
      )}
    </FormField>
  );
}
