import {
  useExternalIdentities,
  useLinkableProviders,
  useStartLink,
  useUnlinkExternalIdentity,
} from '@/features/sign-in/api/external-identities';
import { messageOf } from '@/lib/message-of';

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
      {identities.data && identities.data.length > 0 && (
        <ul className="sign-in-list" aria-label="Linked accounts">
          {identities.data.map((identity) => (
            <li key={identity.id} className="sign-in-item">
              <div>
                <strong>{identity.providerName}</strong> {identity.label}
                <div className="muted">linked {new Date(identity.linkedAt).toLocaleString()}</div>
              </div>
              <button
                type="button"
                className="button"
                disabled={unlink.isPending || !identity.canUnlink}
                title={identity.canUnlink ? undefined : 'Your only way to sign in: set a password or link another first.'}
                onClick={() => unlink.mutate(identity.id)}
                aria-label={`Unlink ${identity.providerName} ${identity.label}`}
              >
                Unlink
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="sign-in-actions">
        {providers.data?.map((provider) => (
          <button key={provider.id} type="button" className="button" disabled={link.isPending} onClick={() => link.mutate(provider.id)}>
            Link {provider.name}
          </button>
        ))}
      </div>
      {error && (
        <p className="field-error" role="alert">
          {messageOf(error)}
        </p>
      )}
    </section>
  );
}
