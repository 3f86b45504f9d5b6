import { ApiTokensSection } from '@/features/sign-in/components/api-tokens-section';
import { SessionsSection } from '@/features/sign-in/components/sessions-section';
import { TwoFactorSection } from '@/features/sign-in/components/two-factor-section';
import { LinkedIdentitiesSection } from '@/features/sign-in/components/linked-identities-section';
import { PasskeysSection } from '@/features/sign-in/components/passkeys-section';
import '@/features/sign-in/sign-in.css';

/** The Settings sections about how the user signs in, composed into the profile's Settings tab by the app layer. */
export function SignInSettings({ onLoggedOut }: { onLoggedOut: () => void }) {
  return (
    <>
      <SessionsSection onCurrentEnded={onLoggedOut} />
      <PasskeysSection />
      <TwoFactorSection />
      <LinkedIdentitiesSection />
      <ApiTokensSection />
    </>
  );
}
