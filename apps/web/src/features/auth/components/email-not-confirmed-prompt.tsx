import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { EMAIL_NOT_CONFIRMED } from '@app/contracts';
import { Modal } from '@/components/modal';
import { paths } from '@/config/paths';
import { onEmailNotConfirmed } from '@/lib/email-not-confirmed';

/** Shown when a write waits for a confirmed e-mail (issue 27): the server's message and a 'Send confirmation link' action. */
export function EmailNotConfirmedPrompt() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  useEffect(() => onEmailNotConfirmed(() => setOpen(true)), []);
  if (!open) return null;
  return (
    <Modal
      title="Confirm your e-mail"
      onClose={() => setOpen(false)}
      actions={
        <>
          <button
            type="button"
            className="button button-primary"
            autoFocus
            onClick={() => {
              setOpen(false);
              void navigate(paths.auth.sendConfirmationLink.getHref());
            }}
          >
            Send confirmation link
          </button>
          <button type="button" className="button" onClick={() => setOpen(false)}>
            Close
          </button>
        </>
      }
    >
      <p>{EMAIL_NOT_CONFIRMED}</p>
    </Modal>
  );
}
