import { useEffect, useRef, useState } from 'react';
import { accountApi } from '@/features/auth/api/account-api';
import type { CredentialLink } from '@/features/auth/lib/credential-link';
import { errorMessageOf } from '@/features/auth/hooks/use-submission';

export type ConfirmEmailState = { status: 'confirming' } | { status: 'confirmed' } | { status: 'failed'; errorMessage: string };

/**
 * Posts the link once per link: a repeated effect (React's development double run) must not send it
 * again, or the second call would report the e-mail as already confirmed.
 */
export function useConfirmEmail(link: CredentialLink): ConfirmEmailState {
  const [state, setState] = useState<ConfirmEmailState>({ status: 'confirming' });
  const sent = useRef<{ key: string; request: Promise<ConfirmEmailState> } | null>(null);

  useEffect(() => {
    const key = JSON.stringify(link);
    if (sent.current?.key !== key) {
      setState({ status: 'confirming' });
      sent.current = {
        key,
        request: accountApi.confirmEmail(link).then(
          (): ConfirmEmailState => ({ status: 'confirmed' }),
          (error: unknown): ConfirmEmailState => ({ status: 'failed', errorMessage: errorMessageOf(error) }),
        ),
      };
    }
    let active = true;
    void sent.current.request.then((outcome) => {
      if (active) setState(outcome);
    });
    return () => {
      active = false;
    };
  }, [link]);

  return state;
}
