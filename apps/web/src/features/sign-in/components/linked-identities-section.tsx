import {
  useExternalIdentities,
  useLinkableProviders,
  useStartLink,
  useUnlinkExternalIdentity,
} from '@/features/sign-in/api/external-identities';
import { ErrorMessage } from '@/components/error-message';
import { CredentialList } from './credential-list';

/** The GitHub / OpenID Connect accounts linked to this one: unlink each (never the last way in), link another. Hidden when none is configured. */
export function LinkedIdentitiesSection() {
  const providers = useLinkableProviders();
  const identities = useExternalIdentities();
  const link = useStartLink();
  const unlink = useUnlinkExternalIdentity();
  if (!providers.data?.length && !identities.data?.length) return null;
  const error = link.error ?? unlink.error;
  return (
    <section className="card profile-section" aria-labelledby="linked-identities-heading">
      <h2 id="linked-identities-heading">Linked accounts</h2>
      <p>Sign in with another site. Only you, logged in here, can link one.</p>
      {identities.isError && <p className="muted">The linked accounts could not be loaded.</p>}
      <CredentialList
        label="Linked accounts"
        items={identities.data}
        row={(identity) => ({
          title: (
            <>
              <strong>{identity.providerName}</strong> {identity.label}
            </>
          ),
          details: `linked ${new Date(identity.linkedAt).toLocaleString()}`,
          action: { text: 'Unlink', name: `Unlink ${identity.providerName} ${identity.label}` },
          blockedBy: identity.canUnlink ? undefined : 'Your only way to sign in: set a password or link another first.',
        })}
        pending={unlink.isPending}
        onAction={(identity) => unlink.mutate(identity.id)}
      />
      <div className="sign-in-actions">
        {providers.data?.map((provider) => (
          <button key={provider.id} type="button" className="button" disabled={link.isPending} onClick={() => link.mutate(provider.id)}>
            Link {provider.name}
          </button>
        ))}
      </div>
      <ErrorMessage error={error} />
    </section>
  );
}
