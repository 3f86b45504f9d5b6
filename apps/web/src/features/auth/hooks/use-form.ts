import { useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';
import { firstErrors } from '@app/contracts';

type FormValues = Record<string, string | boolean>;

export interface TextFieldProps {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: () => void;
}

export interface CheckboxFieldProps {
  name: string;
  checked: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/**
 * Form state checked against a shared contract schema (SPEC §5 rules live in @app/contracts): a
 * field's first failed rule shows once the field was left or a submit was attempted; submit only
 * goes ahead with the parsed values.
 */
export function useForm<Values extends FormValues, Output>(schema: z.ZodType<Output>, initialValues: Values) {
  const [values, setValues] = useState(initialValues);
  const [touched, setTouched] = useState<Partial<Record<keyof Values, true>>>({});
  const [submitAttempted, setSubmitAttempted] = useState(false);
  const errors = useMemo(() => firstErrors(schema, values), [schema, values]);

  const errorOf = (name: keyof Values & string) => (submitAttempted || touched[name] ? errors[name] : undefined);

  const textField = (name: keyof Values & string): TextFieldProps => ({
    name,
    value: String(values[name] ?? ''),
    error: errorOf(name),
    onChange: (event) => setValues((current) => ({ ...current, [name]: event.target.value })),
    onBlur: () => setTouched((current) => ({ ...current, [name]: true })),
  });

  const checkboxField = (name: keyof Values & string): CheckboxFieldProps => ({
    name,
    checked: values[name] === true,
    onChange: (event) => setValues((current) => ({ ...current, [name]: event.target.checked })),
  });

  /** Wraps a submit handler: marks the attempt and calls it only with valid, parsed values. */
  const handleSubmit = (onValid: (parsed: Output) => unknown) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitAttempted(true);
    const parsed = schema.safeParse(values);
    if (parsed.success) void onValid(parsed.data);
  };

  return { values, errors, textField, checkboxField, handleSubmit };
}
