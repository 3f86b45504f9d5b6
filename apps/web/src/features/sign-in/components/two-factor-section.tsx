import { useEffect, useId, useState, type FormEvent } from 'react';
import QRCode from 'qrcode';
import { useDisableTwoFactor, useEnableTwoFactor, useSetUpTwoFactor, useTwoFactor } from '@/features/sign-in/api/two-factor';
import { messageOf } from '@/lib/message-of';

/** Two-factor authentication: set up with an authenticator app (QR code), recovery codes shown once, turned off with password and code. */
export function TwoFactorSection() {
  const status = useTwoFactor();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const ids = useId();
  return (
    <section className="card profile-section" aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`}>Two-factor authentication</h2>
      {status.isPending && <p className="muted">Loading…</p>}
      {status.isError && <p className="muted">The setting could not be loaded.</p>}
      {recoveryCodes && <RecoveryCodes codes={recoveryCodes} />}
      {status.data &&
        (status.data.enabled ? (
          <TurnOff recoveryCodesLeft={status.data.recoveryCodesLeft} onDone={() => setRecoveryCodes(null)} />
        ) : (
          <SetUp onEnabled={setRecoveryCodes} />
        ))}
    </section>
  );
}

function SetUp({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const setUp = useSetUpTwoFactor();
  const enable = useEnableTwoFactor();
  const [code, setCode] = useState('');
  const [qr, setQr] = useState<string | null>(null);
  const codeId = useId();
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
        {setUp.isError && (
          <p className="field-error" role="alert">
            {messageOf(setUp.error)}
          </p>
        )}
      </>
    );
  return (
    <form aria-label="Turn on two-factor authentication" onSubmit={submit} noValidate>
      <p>Scan this code with your authenticator app, or type the key, then enter the code it shows.</p>
      {qr && <img src={qr} alt="QR code for your authenticator app" width={192} height={192} />}
      <p className="sign-in-secret" aria-label="Setup key">
        {setUp.data.secret}
      </p>
      <div className="field">
        <label htmlFor={codeId}>Code</label>
        <input
          id={codeId}
          value={code}
          autoComplete="one-time-code"
          inputMode="numeric"
          onChange={(event) => setCode(event.target.value)}
        />
      </div>
      {enable.isError && (
        <p className="field-error" role="alert">
          {messageOf(enable.error)}
        </p>
      )}
      <button type="submit" className="button" disabled={enable.isPending}>
        Turn on
      </button>
    </form>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div className="notice" role="status">
      <p>
        Two-factor authentication is on. Keep these recovery codes somewhere safe: each logs you in once if you lose your phone. They will
        not be shown again.
      </p>
      <ul className="sign-in-secret" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}

function TurnOff({ recoveryCodesLeft, onDone }: { recoveryCodesLeft: number; onDone: () => void }) {
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const ids = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password && code.trim()) disable.mutate({ password, code: code.trim() }, { onSuccess: onDone });
  };
  return (
    <form aria-label="Turn off two-factor authentication" onSubmit={submit} noValidate>
      <p>
        On. {recoveryCodesLeft} recovery code{recoveryCodesLeft === 1 ? '' : 's'} left.
      </p>
      <div className="field">
        <label htmlFor={`${ids}-password`}>Password</label>
        <input
          id={`${ids}-password`}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${ids}-code`}>Code or recovery code</label>
        <input id={`${ids}-code`} value={code} autoComplete="one-time-code" onChange={(event) => setCode(event.target.value)} />
      </div>
      {disable.isError && (
        <p className="field-error" role="alert">
          {messageOf(disable.error)}
        </p>
      )}
      <button type="submit" className="button" disabled={disable.isPending}>
        Turn off
      </button>
    </form>
  );
}
