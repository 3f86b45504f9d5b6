import { useEffect, useState } from 'react';
import { onSignupNotice, takeSignupNotice } from '@/features/auth/lib/signup-notice';
import '@/features/auth/components/signup-notice.css';

/** Tells a new user, on whatever page signing up led to, that a confirmation e-mail is on its way. */
export function SignupNotice() {
  const [email, setEmail] = useState<string | null>(null);
  useEffect(() => {
    const take = () => {
      const taken = takeSignupNotice();
      if (taken) setEmail(taken);
    };
    take();
    return onSignupNotice(take);
  }, []);
  if (!email) return null;
  return (
    <div className="signup-notice" role="status">
      <p>
        Welcome! We sent a confirmation e-mail to <strong>{email}</strong>. Open the link in it to confirm your address.
      </p>
      <button type="button" className="button" onClick={() => setEmail(null)}>
        Dismiss
      </button>
    </div>
  );
}
