import { eraseAccountRequestSchema, firstErrors } from '@app/contracts';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { ConfirmationPopup, CONFIRM_HEADER } from '@/components/confirmation-popup';
import { useExportUserData } from '@/features/profile/api/export-user-data';
import { useEraseAccount } from '@/features/profile/api/erase-account';
import { useLogoutEverywhere } from '@/features/profile/api/logout-everywhere';
import { EmailPreferencesSetting } from '@/features/profile/components/email-preferences-setting';
import { saveJsonFile } from '@/features/profile/lib/save-json-file';
import { ErrorMessage } from '@/components/error-message';

export const ERASE_CONFIRMATION = 'Are you sure you want to delete your account? This cannot be undone.';

/**
 * The owner's settings: which notifications are e-mailed, logging out on every device, and SPEC §1's
 * privacy promise (download one's data, delete one's account).
 */
export function SettingsTab({
  userName,
  onAccountErased,
  onLoggedOutEverywhere,
  signIn,
}: {
  userName: string;
  onAccountErased: () => void;
  onLoggedOutEverywhere: () => void;
  /** Sessions, API tokens and the second factor: another feature's, given by the app layer. */
  signIn?: ReactNode;
}) {
  return (
    <div className="profile-settings">
      <EmailPreferencesSetting userName={userName} />
      {signIn}
      <LogoutEverywhere onDone={onLoggedOutEverywhere} />
      <DownloadMyData />
      <DeleteMyAccount onErased={onAccountErased} />
    </div>
  );
}

function LogoutEverywhere({ onDone }: { onDone: () => void }) {
  const logoutEverywhere = useLogoutEverywhere();
  return (
    <OneButtonSection
      title="Log out everywhere"
      action={logoutEverywhere}
      onClick={() => logoutEverywhere.mutate(undefined, { onSuccess: onDone })}
    >
      Ends every session of yours, on every device and browser, this one included. Use it if you lost a device or think someone else is
      using your account.
    </OneButtonSection>
  );
}

function DownloadMyData() {
  const exportData = useExportUserData();
  return (
    <OneButtonSection
      title="Download my data"
      action={exportData}
      onClick={() => exportData.mutate(undefined, { onSuccess: (data) => saveJsonFile(data, 'my-data.json') })}
    >
      Everything this site holds about you, with your posts and comments, as one JSON file.
    </OneButtonSection>
  );
}

/** A setting that is one button named as its heading: what it does above, why it failed below. */
function OneButtonSection({
  title,
  action,
  onClick,
  children,
}: {
  title: string;
  action: { isPending: boolean; error: unknown };
  onClick: () => void;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className="card profile-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <p>{children}</p>
      <button type="button" className="button" disabled={action.isPending} onClick={onClick}>
        {title}
      </button>
      <ErrorMessage error={action.error} />
    </section>
  );
}

function DeleteMyAccount({ onErased }: { onErased: () => void }) {
  const erase = useEraseAccount();
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const passwordId = useId();
  const passwordError = submitted ? firstErrors(eraseAccountRequestSchema, { Password: password }).Password : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (eraseAccountRequestSchema.safeParse({ Password: password }).success) setConfirming(true);
  };

  return (
    <section className="card profile-section" aria-labelledby="delete-account-heading">
      <h2 id="delete-account-heading">Delete my account</h2>
      <p>
        Your account and every personal detail are erased for good: you can no longer log in, and your posts and comments stay under
        &lsquo;Deleted user&rsquo;.
      </p>
      <form aria-label="Delete my account" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={passwordId}>Password</label>
          <input
            id={passwordId}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={passwordError ? true : undefined}
          />
          {passwordError && <p className="field-error">{passwordError}</p>}
        </div>
        <ErrorMessage error={erase.error} />
        <button type="submit" className="button button-danger" disabled={erase.isPending}>
          Delete my account
        </button>
      </form>
      <ConfirmationPopup
        open={confirming}
        header={CONFIRM_HEADER}
        body={ERASE_CONFIRMATION}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          erase.mutate({ Password: password }, { onSuccess: onErased });
        }}
      />
    </section>
  );
}
