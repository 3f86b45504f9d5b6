import { useId } from 'react';
import type { CheckboxFieldProps } from '@/features/auth/hooks/use-form';

export function CheckboxField({ label, name, checked, onChange }: CheckboxFieldProps & { label: string }) {
  const id = useId();
  return (
    <div className="form-field form-field-checkbox">
      <input id={id} name={name} type="checkbox" checked={checked} onChange={onChange} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
