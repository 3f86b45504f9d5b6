import { firstErrors } from '@app/contracts';
import { useMemo, useState } from 'react';
import type { z } from 'zod';

type TextKeys<Values> = { [K in keyof Values]: Values[K] extends string ? K : never }[keyof Values] & string;

/**
 * A profile form checked against its contract schema (SPEC §5 rules live in @app/contracts). A
 * field's first failed rule shows once the field was left or a save was attempted; `save` sends the
 * parsed request only while the form is valid (Save needs a valid form, SPEC §4).
 */

export function useProfileForm<Values extends object, Output>(schema: z.ZodType<Output>, initialValues: Values) {
  const [values, setValues] = useState(initialValues);
  const [touched, setTouched] = useState<Partial<Record<keyof Values, true>>>({});
  const [saveAttempted, setSaveAttempted] = useState(false);
  const result = useMemo(() => schema.safeParse(values), [schema, values]);
  const errors = useMemo(() => (result.success ? {} : firstErrors(schema, values)), [result, schema, values]);

  const errorOf = (name: keyof Values & string): string | undefined => (saveAttempted || touched[name] ? errors[name] : undefined);
  const set = (changes: Partial<Values>) => setValues((current) => ({ ...current, ...changes }));
  const touch = (name: keyof Values & string) => setTouched((current) => ({ ...current, [name]: true }));

  /** The props binding a text or date field to `values[name]`. */
  const field = (name: TextKeys<Values>) => ({
    value: values[name] as string,
    error: errorOf(name),
    onChange: (value: string) => set({ [name]: value } as Partial<Values>),
    onBlur: () => touch(name),
  });

  /** Save: shows every error, then sends the request only when the form is valid. Resolves whether it was sent. */
  const save = async (send: (request: Output) => Promise<unknown>): Promise<boolean> => {
    setSaveAttempted(true);
    if (!result.success) return false;
    await send(result.data);
    return true;
  };

  return {
    values,
    field,
    save,
    set,
    touch,
    errorOf,
  };
}

/** What `useProfileForm` gives a form over these values (for the pieces a form hands it to). */
export type ProfileFormState<Values extends object> = ReturnType<typeof useProfileForm<Values, unknown>>;
