import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageHeading } from '@/components/page-heading';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { credentialLinkFrom } from '@/features/auth/lib/credential-link';
import './auth.css';

/** Set a new password through the e-mailed link (query: uname, created, expire, hash; SPEC §2). */
export function ResetPasswordPage() {
  const [query] = useSearchParams();
  const link = useMemo(() => credentialLinkFrom(query), [query]);
  return (
    <section className="card auth-screen">
      <PageHeading title="Reset Password" />
      <ResetPasswordForm link={link} />
    </section>
  );
}
