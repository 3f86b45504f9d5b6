import type { ReactNode } from 'react';

interface CredentialRowProps {
  /** What it is: 'Chrome 120 on Linux (desktop)', a token's name. */
  title: ReactNode;
  /** One line of facts under the title (address, dates). */
  details: ReactNode;
  /** The button that ends it: its visible text and its accessible name (which says which row it acts on). */
  action: { text: string; name: string };
  pending: boolean;
  onAction: () => void;
}

/** One way in that Settings lists (an active session, a personal API token), with the button that ends it. */
export function CredentialRow({ title, details, action, pending, onAction }: CredentialRowProps) {
  return (
    <li className="sign-in-item">
      <div>
        {title}
        <div className="muted">{details}</div>
      </div>
      <button type="button" className="button" disabled={pending} onClick={onAction} aria-label={action.name}>
        {action.text}
      </button>
    </li>
  );
}
