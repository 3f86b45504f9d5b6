import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageHeading } from '@/components/page-heading';
import { FormError, FormSuccess } from '@/features/auth/components/form-messages';
import { useConfirmEmail } from '@/features/auth/api/confirm-email';
import { errorMessageOf } from '@/features/auth/hooks/use-submission';
import { credentialLinkFrom } from '@/features/auth/lib/credential-link';
import './auth.css';

/** Confirms the e-mail on load (query: uname, created, expire, hash; SPEC §2). */
export function ConfirmEmailPage() {
  const [query] = useSearchParams();
  const link = useMemo(() => credentialLinkFrom(query), [query]);
  const state = useConfirmEmail(link);
  return (
    <section className="card auth-screen">
      <PageHeading title="Confirm Email" />
      {state.isPending && <p role="status">Confirming email...</p>}
      {state.isSuccess && <FormSuccess message="Your Email is confirmed" />}
      {state.isError && <FormError message={errorMessageOf(state.error)} />}
    </section>
  );
}
