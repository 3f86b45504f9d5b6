import { externalStartHref, useExternalProviders } from '@/features/auth/api/external-sign-in';

/** 'Continue with GitHub' and the like: one link per configured provider, nothing when none is. */
export function ContinueWith() {
  const providers = useExternalProviders();
  if (!providers.data?.length) return null;
  return (
    <div className="continue-with">
      {providers.data.map((provider) => (
        <a key={provider.id} className="button continue-with-button" href={externalStartHref(provider.id)}>
          Continue with {provider.name}
        </a>
      ))}
    </div>
  );
}
