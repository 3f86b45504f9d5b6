import { useCallback, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client';

export type Submission<Result> =
  { status: 'idle' } | { status: 'pending' } | { status: 'succeeded'; result: Result } | { status: 'failed'; errorMessage: string };

/** One API call behind a form: its pending flag, its result, or the server's errorMessage to show. */
export function useSubmission<Args extends unknown[], Result>(call: (...args: Args) => Promise<Result>) {
  const [submission, setSubmission] = useState<Submission<Result>>({ status: 'idle' });
  const inFlight = useRef(false);

  const submit = useCallback(
    async (...args: Args): Promise<Result | undefined> => {
      if (inFlight.current) return undefined;
      inFlight.current = true;
      setSubmission({ status: 'pending' });
      try {
        const result = await call(...args);
        setSubmission({ status: 'succeeded', result });
        return result;
      } catch (error) {
        setSubmission({ status: 'failed', errorMessage: errorMessageOf(error) });
        return undefined;
      } finally {
        inFlight.current = false;
      }
    },
    [call],
  );

  return { submission, submit };
}

export function errorMessageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return 'Something went wrong. Please try again.';
}
