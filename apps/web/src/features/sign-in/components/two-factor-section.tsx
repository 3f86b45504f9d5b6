import { useEffect, useId, useState, type FormEvent } from 'react';
import QRCode from 'qrcode';
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useRegenerateRecoveryCodes,
  useSetUpTwoFactor,
  useTwoFactor,
} from '@/features/sign-in/api/two-factor';
import { FormField } from '@/components/form-field';
import { ErrorMessage } from '@/components/error-message';

const TURNED_ON = 'Two-factor authentication is on.';
const REGENERATED = 'New recovery codes: the old ones no longer work.';

/** Recovery codes shown once, after turning on or regenerating them. */
interface ShownCodes {
  lead: string;
  codes: string[];
}

/**
 * Two-factor authentication: set up with an authenticator app (QR code), recovery codes shown once
 * (and regenerated with a code of the app), turned off with password and code.
 */
export function TwoFactorSection() {
  const status = useTwoFactor();
  const [shown, setShown] = useState<ShownCodes | null>(null);
  const ids = useId();
  return (
    <section className="card profile-section" aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`}>Two-factor authentication</h2>
      {status.isPending && <p className="muted">Loading…</p>}
      {status.isError && <p className="muted">The setting could not be loaded.</p>}
      {shown && <RecoveryCodes {...shown} />}
      {status.data &&
        (status.data.enabled ? (
          <>
            <p>
              On. {status.data.recoveryCodesLeft} recovery code{status.data.recoveryCodesLeft === 1 ? '' : 's'} left.
            </p>
            <RegenerateCodes onRegenerated={(codes) => setShown({ lead: REGENERATED, codes })} />
            <TurnOff onDone={() => setShown(null)} />
          </>
        ) : (
          <SetUp onEnabled={(codes) => setShown({ lead: TURNED_ON, codes })} />
        ))}
    </section>
  );
}

function SetUp({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const setUp = useSetUpTwoFactor();
  const enable = useEnableTwoFactor();
  const [code, setCode] = useState('');
  const [qr, setQr] = useState<string | null>(null);
  const url = setUp.data?.otpauthUrl;

  useEffect(() => {
    if (!url) return;
    let current = true;
    void QRCode.toDataURL(url, { margin: 1, width: 192 }).then((data) => current && setQr(data));
    return () => {
      current = false;
    };
  }, [url]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) enable.mutate({ code: code.trim() }, { onSuccess: (result) => onEnabled(result.recoveryCodes) });
  };

  if (!setUp.data)
    return (
      <>
        <p>Protect your account with a code from an authenticator app at every login.</p>
        <button type="button" className="button" disabled={setUp.isPending} onClick={() => setUp.mutate()}>
          Set up two-factor authentication
        </button>
        <ErrorMessage error={setUp.error} />
      </>
    );
  return (
    <form aria-label="Turn on two-factor authentication" onSubmit={submit} noValidate>
      <p>Scan this code with your authenticator app, or type the key, then enter the code it shows.</p>
      {qr && <img src={qr} alt="QR code for your authenticator app" width={192} height={192} />}
      <p className="sign-in-secret" aria-label="Setup key">
        {setUp.data.secret}
      </p>
      <CodeField label="Code" value={code} onChange={setCode} numeric />
      <ErrorMessage error={enable.error} />
      <button type="submit" className="button" disabled={enable.isPending}>
        Turn on
      </button>
    </form>
  );
}

function RecoveryCodes({ lead, codes }: ShownCodes) {
  return (
    <div className="notice" role="status">
      <p>{lead} Keep these recovery codes somewhere safe: each logs you in once if you lose your phone. They will not be shown again.</p>
      <ul className="sign-in-secret" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}

/** New recovery codes for a code of the authenticator app (not a recovery code: one leaked code must not mint ten). */
function RegenerateCodes({ onRegenerated }: { onRegenerated: (codes: string[]) => void }) {
  const regenerate = useRegenerateRecoveryCodes();
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim())
      regenerate.mutate(
        { code: code.trim() },
        {
          onSuccess: (result) => {
            setCode('');
            onRegenerated(result.recoveryCodes);
          },
        },
      );
  };
  return (
    <form aria-label="New recovery codes" onSubmit={submit} noValidate>
      <p>Lost your recovery codes, or used most of them? Get ten new ones: the old ones stop working.</p>
      <CodeField label="Code from your authenticator app" value={code} onChange={setCode} numeric />
      <ErrorMessage error={regenerate.error} />
      <button type="submit" className="button" disabled={regenerate.isPending}>
        Get new recovery codes
      </button>
    </form>
  );
}

function TurnOff({ onDone }: { onDone: () => void }) {
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password && code.trim()) disable.mutate({ password, code: code.trim() }, { onSuccess: onDone });
  };
  return (
    <form aria-label="Turn off two-factor authentication" onSubmit={submit} noValidate>
      <FormField label="Password">
        {(control) => (
          <input
            {...control}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
      </FormField>
      <CodeField label="Code or recovery code" value={code} onChange={setCode} />
      <ErrorMessage error={disable.error} />
      <button type="submit" className="button" disabled={disable.isPending}>
        Turn off
      </button>
    </form>
  );
}

/** A one-time code input; `numeric` brings up the digits keyboard (a recovery code has letters). */
function CodeField({
  label,
  value,
  onChange,
  numeric,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  numeric?: boolean;
}) {
  return (
    <FormField label={label}>
      {(control) => (
        <input
          {...control}
          value={value}
          autoComplete="one-time-code"
          inputMode={numeric ? 'numeric' : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}
