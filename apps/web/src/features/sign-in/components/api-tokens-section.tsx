import { API_TOKEN_MAX_DAYS, createApiTokenRequestSchema, type ApiTokenScopeName } from '@app/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useCreateApiToken } from '@/features/sign-in/api/create-api-token';
import { useApiTokens } from '@/features/sign-in/api/get-api-tokens';
import { useRevokeApiToken } from '@/features/sign-in/api/revoke-api-token';
import { CredentialList } from './credential-list';
import { ErrorMessage } from '@/components/error-message';

const day = (iso: string) => new Date(iso).toLocaleDateString();

/** Personal API tokens: make one (shown once), see them, revoke them. */
export function ApiTokensSection() {
  const tokens = useApiTokens();
  const create = useCreateApiToken();
  const revoke = useRevokeApiToken();
  const [name, setName] = useState('');
  const [write, setWrite] = useState(false);
  const [days, setDays] = useState(30);
  const [formError, setFormError] = useState<string | null>(null);
  const ids = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const scopes: ApiTokenScopeName[] = write ? ['read', 'write'] : ['read'];
    const parsed = createApiTokenRequestSchema.safeParse({ name, scopes, expiresInDays: days });
    if (!parsed.success) return setFormError(parsed.error.issues[0]?.message ?? 'Invalid token.');
    setFormError(null);
    create.mutate(parsed.data, { onSuccess: () => setName('') });
  };

  return (
    <section className="card profile-section" aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`}>Personal API tokens</h2>
      <p>
        Call the API from scripts as yourself: send <code>Authorization: Bearer &lt;token&gt;</code>. A read-only token cannot change
        anything; no token can manage how you sign in.
      </p>
      {create.data && (
        <div className="notice" role="status">
          <p>Copy your new token now: it will not be shown again.</p>
          <p className="sign-in-secret" aria-label="New API token">
            {create.data.token}
          </p>
        </div>
      )}
      <form aria-label="New API token" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${ids}-name`}>Name</label>
          <input id={`${ids}-name`} value={name} onChange={(event) => setName(event.target.value)} maxLength={100} />
        </div>
        <label className="checkbox-field">
          <input type="checkbox" checked={write} onChange={(event) => setWrite(event.target.checked)} /> May also make changes (write)
        </label>
        <div className="field">
          <label htmlFor={`${ids}-days`}>Expires in (days)</label>
          <input
            id={`${ids}-days`}
            type="number"
            min={1}
            max={API_TOKEN_MAX_DAYS}
            value={days}
            onChange={(event) => setDays(Number(event.target.value))}
          />
        </div>
        <ErrorMessage error={formError ?? create.error} />
        <button type="submit" className="button" disabled={create.isPending}>
          Create token
        </button>
      </form>
      <CredentialList
        label="API tokens"
        items={tokens.data}
        row={(token) => ({
          title: (
            <>
              <strong>{token.name}</strong> <span className="muted">({token.scopes.join(', ')})</span>
            </>
          ),
          details: `created ${day(token.createdAt)} · expires ${day(token.expiresAt)} · ${token.lastUsedAt ? `last used ${day(token.lastUsedAt)}` : 'never used'}`,
          action: { text: 'Revoke', name: `Revoke ${token.name}` },
        })}
        pending={revoke.isPending}
        onAction={(token) => revoke.mutate(token.id)}
      />
      <ErrorMessage error={revoke.error} />
    </section>
  );
}
